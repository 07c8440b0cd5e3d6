/** manifest.json, version 1. Key order here is the order written; see docs/manifest.md. */
export interface ComponentInstall {
  owned_dirs: string[];
  owned_files: string[];
  /** "link :: target :: fallback", fallback "copy" or "import:<file text>". */
  symlinks: string[];
  seeds: string[];
  preserve: string[];
  remove: string[];
  scaffold_dirs: string[];
  required: boolean;
  name: string;
  /** Owned files installed with the executable bit (owned_assets of kind program). */
  executables: string[];
  /**
   * Shared project files the component composes values into: "<project path> :: json|toml :: <fragment>",
   * the fragment being a build-folder file (.agentc-compose/...) holding the entries. Optional when read:
   * bundles made before it have none.
   */
  composed?: string[];
  /**
   * Always-on files a person may have written themselves, which the component composes into instead of
   * claiming: "<path> :: block" or "<path> :: import:<text>" (docs/installer.md, "Adopting a person's
   * instruction files"). Optional when read: bundles made before it have none.
   */
  adopt?: string[];
  /**
   * A joint component: installed exactly when every component named here is chosen, never chosen itself
   * (a capability package's skills compiled for one client pack).
   */
  with?: string[];
  /** Only for a capability package's component (SPEC §3): what the installer needs to spawn and retire it. */
  capability?: CapabilityInstall;
}

/** A capability package as installed; see docs/capability-packages.md. */
export interface CapabilityInstall {
  id: string;
  version: string;
  /** The project folder holding the package's copy. */
  home: string;
  /** "" when the package has none. */
  layer: string;
  /** Names a spawn hook may set, sorted and unique. */
  environment: string[];
  /** "<event> :: required|optional :: <command>", by event name. */
  hooks: string[];
  /**
   * Runtime packages the package requires (seed 004), offered at install only with consent:
   * "<runtime> :: <package> :: <install url> :: <marketplace> :: <why>" (empty parts stay empty).
   * Absent when there are none.
   */
  runtime_packages?: string[];
}

export interface RosterBudgetLine {
  owned_words: number;
  vendor_reserve_words: number;
  roster_glob: string;
  dead_marker: string;
}

export interface ManifestInstall {
  bundle?: string;
  components: Record<string, ComponentInstall>;
  artifact_hashes: string[];
  seed_hashes: string[];
  seed_refresh_hashes: string[];
  /**
   * "<path> :: <sha256>": a project file the registry was imported from (native.json), as it was, where the
   * build now writes something else (its registry files were edited since): a first install with
   * --take-imported takes over a person's file there that still holds exactly those bytes, as it would have
   * after an install made before the edit (docs/installer.md, *Files agentc took over*). Absent when there is
   * none; optional when read.
   */
  imported_hashes?: string[];
  tools: string[];
  tool_paths: string[];
  tool_payloads: string[];
  tool_payload_keep: string[];
  /** "name :: why the project needs it" (a tool's purpose, a host command's why), shown when it is missing. */
  tool_purposes?: string[];
  /**
   * Only in a bundle packed with `agentc pack --payloads`: "path :: sha256" of every file the tools'
   * first install commands left in their payload folders, and those of them that are executable.
   */
  payload_hashes?: string[];
  payload_executables?: string[];
  roster_budget?: RosterBudgetLine;
  publish_rewrites: string[];
  /**
   * What a first install without --components installs: the components of the assistants targets.json
   * chooses, and every component that is no built-in. Absent when the registry chooses no assistant.
   */
  default_components?: string[];
}

export interface Manifest {
  version: 1;
  artifacts: string[];
  install: ManifestInstall;
  registry_version: string;
}

export const manifestFileName = "manifest.json";
