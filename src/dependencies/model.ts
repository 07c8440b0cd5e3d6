/**
 * One input from outside the registry, resolved and pinned: what entered the build, from where, at which
 * version. The resolver (`resolve-*.ts`) makes these; the content check, the lock, the layering and the
 * SBOM read them.
 */
export interface DependencyInput {
  /** The dependency's name where the registry declares it. */
  readonly name: string;
  readonly kind: DependencyKind;
  /** The reference as declared: an `oci://` reference, a URL, a git URL with a path, an npm spec. */
  readonly origin: string;
  /** What the reference resolved to: a commit, a version or a digest. */
  readonly version: string;
  /** `sha256:<hex>` of the content used, as the lock records it. */
  readonly digest: string;
  /** SPDX licence expression when the source declares one. */
  readonly licence?: string;
  /** The registry trusts this dependency by name, so its hooks and MCP commands may enter the build. */
  readonly trusted: boolean;
  /** The files used, by posix path inside the dependency, with their bytes. */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** Which of `files` are executable (a skill's scripts). */
  readonly executables?: ReadonlySet<string>;
  /** The folder of the content-addressed cache that holds `files` (the loaders read it from there). */
  readonly folder?: string;
  /** Where its rules and items stand against other dependencies' (the seed's source kinds; default community). */
  readonly priority?: "custom" | "spec-kit" | "architectural" | "community";
  /** Its allow permission rules apply too (its deny rules always do). */
  readonly allowPermissions?: boolean;
  /** 0 for a dependency the registry declares, 1 for one of theirs, and so on. */
  readonly depth?: number;
  /** The dependencies (by name) whose sources.json declares this one; empty when only the registry does. */
  readonly requiredBy?: readonly string[];
  /** The dependencies (by name) this one's sources.json declares. */
  readonly requires?: readonly string[];
}

/** Files read from a source, by posix path, and which of them are executable. */
export interface SourceFiles {
  files: Map<string, Uint8Array>;
  executables: Set<string>;
}

export type DependencyKind = "registry" | "git" | "marketplace" | "npm" | "url";
