import { builtinClientPacks } from "../../clients/load-client-packs.js";
import { packageDataFiles, readPackageData } from "../../documents/package-data.js";
import { withRuntimePlaceholders } from "../../packs/shared/pack-text.js";
import { builtinAdaptersDir } from "../../shared/package-paths.js";
import { composableFiles } from "./composable-files.js";

let cache: { files: Set<string>; dirs: string[] } | undefined;

/**
 * Whether `path` lies where agentc may take over a person's file it adopted (plan-takeover.ts): at an assistant
 * file agentc's own data names (instruction files; the rule, skill, agent and command folders of the built-in
 * client packs and adapters, also those a client only reads), never at a place a bundle names. A bundle that
 * shipped the bytes of another of the person's files (a package.json) still only adopts it: never replaced.
 */
export function inTakeoverPlace(path: string): boolean {
  cache ??= takeoverPlaces();
  return cache.files.has(path) || cache.dirs.some((dir) => path.startsWith(`${dir}/`));
}

/** The files and folders of inTakeoverPlace, sorted (install.sh carries a copy: test/serve/install-sh-trust.test.ts). */
export function takeoverPlaceLists(): { files: string[]; dirs: string[] } {
  cache ??= takeoverPlaces();
  return { files: [...cache.files].sort(), dirs: [...new Set(cache.dirs)].sort() };
}

interface AdapterPlaces {
  output_dir?: string;
  pinned_global_name?: string;
  extension?: string;
  install?: { adapter_symlinks?: { link: string }[] };
}

function takeoverPlaces(): { files: Set<string>; dirs: string[] } {
  const files = new Set(composableFiles().instructions);
  const dirs: string[] = [];
  for (const { pack } of builtinClientPacks()) {
    const named = [pack.rules_dir, pack.skills_dir, pack.agents_dir, pack.commands_dir];
    const also = pack.also_reads;
    const alsoDirs = [also?.rule_dirs, also?.skill_dirs, also?.agent_dirs, also?.command_dirs].flat();
    for (const dir of [...named, ...alsoDirs]) if (dir) dirs.push(withRuntimePlaceholders(pack, dir));
    for (const file of [...(also?.instruction_files ?? []), pack.root_instruction_file ?? ""])
      if (file) files.add(withRuntimePlaceholders(pack, file));
  }
  for (const file of packageDataFiles(builtinAdaptersDir, "adapters")) {
    const adapter = readPackageData(file).value as AdapterPlaces;
    const dir = (adapter.output_dir ?? "").replace(/\/+$/, "");
    if (dir) dirs.push(dir);
    if (adapter.pinned_global_name)
      files.add(`${dir ? `${dir}/` : ""}${adapter.pinned_global_name}${adapter.extension ?? ".md"}`);
    for (const link of adapter.install?.adapter_symlinks ?? []) files.add(link.link);
  }
  return { files, dirs: dirs.filter((dir) => dir !== "" && dir !== ".") };
}
