import { builtinClientPacks } from "../../clients/load-client-packs.js";
import { settingsPlaces } from "../../clients/settings-places.js";
import { packageDataFiles, readPackageData } from "../../documents/package-data.js";
import { withRuntimePlaceholders } from "../../packs/shared/pack-text.js";
import { builtinAdaptersDir } from "../../shared/package-paths.js";

/**
 * The project files agentc may compose into although a person wrote them: the instruction files the built-in
 * adapters name in `install.adopt` (a marked block or an import line) and the built-in client packs name as
 * their `root_instruction_file`, and the settings files the built-in client packs compose values into
 * (`permissions`, `hooks`, `mcp`, an `exec_policy` kept as a JSON list).
 * Taken from agentc's own package data, never from a bundle: a manifest's `adopt` or `composed` line naming
 * any other path is refused (docs/installer.md, "Threat model"). assets/install.sh carries a copy of both
 * lists, which test/serve/install-sh-trust.test.ts keeps equal to these.
 */
export interface ComposableFiles {
  /** paths an `adopt` line may name */
  instructions: readonly string[];
  /** paths a `composed` line may name */
  settings: readonly string[];
  /**
   * For a settings file, the other places its client reads it from (a pack's `also_reads.settings_files`):
   * install composes into the one that exists when the file itself does not (docs/installer.md).
   */
  settingsPlaces: ReadonlyMap<string, readonly string[]>;
}

let cache: ComposableFiles | undefined;

export function composableFiles(): ComposableFiles {
  cache ??= {
    instructions: sortedUnique([...adoptedByAdapters(), ...rootInstructionFiles()]),
    settings: composedByClientPacks(),
    settingsPlaces: settingsPlaces(builtinClientPacks()),
  };
  return cache;
}

interface AdapterInstall {
  install?: { adopt?: { path: string }[] };
}

function adoptedByAdapters(): string[] {
  return packageDataFiles(builtinAdaptersDir, "adapters").flatMap(
    (file) => (readPackageData(file).value as AdapterInstall).install?.adopt?.map((a) => a.path) ?? [],
  );
}

function rootInstructionFiles(): string[] {
  return builtinClientPacks().flatMap(({ pack }) =>
    pack.root_instruction_file ? [withRuntimePlaceholders(pack, pack.root_instruction_file)] : [],
  );
}

function composedByClientPacks(): string[] {
  const paths = builtinClientPacks().flatMap(({ pack }) =>
    [
      pack.permissions?.file,
      pack.hooks?.file,
      pack.mcp?.file,
      pack.exec_policy?.shape === "json_list" ? pack.exec_policy.file : undefined,
    ].flatMap((file) => (file === undefined ? [] : [withRuntimePlaceholders(pack, file)])),
  );
  return sortedUnique(paths);
}

function sortedUnique(paths: string[]): string[] {
  return [...new Set(paths)].sort();
}
