import type { LoadedClientPack } from "../clients/loaded-client-pack.js";
import type { EmittedFile, EmittedTree } from "../emit/emitted-tree.js";
import { packPath } from "../packs/shared/placeholders.js";
import type { Registry } from "../registry/model.js";
import type { PluginConfig } from "../registry/plugin-config.js";
import { joinPath } from "../shared/posix-path.js";
import { skillsFromFinding } from "./checks/plugin-inputs-exist.js";
import type { ChosenHost } from "./chosen-hosts.js";
import type { Report } from "./report.js";

/** A file of a package and what it came from. */
export interface PackageFile {
  path: string;
  bytes: Buffer;
  executable: boolean;
  /** The emitted file it is a copy of (skills, agents, commands, the guard). */
  from?: EmittedFile;
}

/** A pack folder moved into the package: hook commands naming `<project>/<from>/` are pointed at `<root>/<to>/`. */
export interface FolderMove {
  from: string;
  to: string;
}

export interface CopiedParts {
  files: PackageFile[];
  moves: FolderMove[];
}

/** The skills of skills_from (seed hosts) and the client pack's skills, agents, commands and guard. */
export function copiedParts(
  host: ChosenHost,
  registry: Registry,
  tree: EmittedTree,
  config: PluginConfig,
  report: Report,
): CopiedParts {
  const pack = host.client ? registry.clients.find((c) => c.pack.client === host.client) : undefined;
  const moves = pack ? folderMoves(host, pack) : [];
  const files = [
    ...(host.seed_layout ? ruleSkills(host, registry, tree, config, report) : []),
    ...(pack ? packFiles(host, tree, moves) : []),
  ];
  return { files, moves };
}

function ruleSkills(
  host: ChosenHost,
  registry: Registry,
  tree: EmittedTree,
  config: PluginConfig,
  report: Report,
): PackageFile[] {
  if (!config.skills_from || !host.skills_dir) return [];
  const adapter = registry.adapters.find((a) => a.adapter.id === config.skills_from)?.adapter;
  if (adapter?.scoped_layout !== "per_rule_dir") {
    report(["skills_from"], skillsFromFinding(config.skills_from));
    return [];
  }
  const prefix = `${(adapter.output_dir ?? "").replace(/\/+$/, "")}/`;
  const skillsDir = host.skills_dir;
  return tree.files
    .filter((f) => f.component === adapter.id && f.role === "scoped" && f.path.startsWith(prefix))
    .map((f) => ({
      path: joinPath(skillsDir, f.path.slice(prefix.length)),
      bytes: f.bytes,
      executable: false,
      from: f,
    }));
}

function folderMoves(host: ChosenHost, pack: LoadedClientPack): (FolderMove & { kinds: string[] })[] {
  return (host.client_files ?? []).map((move) => ({
    kinds: move.kinds,
    from: packPath(move.from, pack.pack.runtime_placeholders),
    to: move.to,
  }));
}

function packFiles(
  host: ChosenHost,
  tree: EmittedTree,
  moves: (FolderMove & { kinds: string[] })[],
): PackageFile[] {
  const out: PackageFile[] = [];
  for (const file of tree.files) {
    if (file.client?.client !== host.client) continue;
    const move = moves.find(
      (m) => m.kinds.includes(file.client?.kind ?? "") && file.path.startsWith(`${m.from}/`),
    );
    if (!move) continue;
    const path = joinPath(move.to, file.path.slice(move.from.length + 1));
    out.push({ path, bytes: file.bytes, executable: file.executable, from: file });
  }
  return out;
}
