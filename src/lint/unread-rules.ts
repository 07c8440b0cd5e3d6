import { builtinClientPacks } from "../clients/load-client-packs.js";
import { readModel, type SessionLoad } from "../session-load/index.js";
import { parentPath } from "../shared/posix-path.js";
import { unreadFileFinding } from "./checks/native-file-read.js";
import type { LintContext, RuleResult } from "./lint-context.js";

/**
 * AGC208: a file in a folder some client reads items from (rules, skills, agents, commands) that none of the
 * chosen clients loads: a wrong extension, a skill file outside a skill folder, a name no reader takes.
 * Files inside a folder of a loaded skill are the skill's own (scripts, references) and count as read; a README
 * no client reads documents the folder for people, which is what it is for.
 */
export function unreadRule(ctx: LintContext): RuleResult {
  const read = new Set(ctx.clients.flatMap(({ load }) => loadedPaths(load)));
  const skillFolders = [...read].filter((p) => p.endsWith("/SKILL.md")).map((p) => `${parentPath(p)}/`);
  const inFolders = new Set(itemFolders().flatMap((dir) => ctx.tree.filesUnder(dir)));
  const diagnostics = [...inFolders]
    .sort()
    .filter((file) => !read.has(file) && !skillFolders.some((folder) => file.startsWith(folder)))
    .filter((file) => !isReadme(file))
    .map((file) => unreadFileFinding(file, ctx.clients.length === 1 ? ctx.clients[0]?.pack.name : undefined));
  return { diagnostics };
}

function isReadme(file: string): boolean {
  return /^readme(\.[a-z]+)?$/i.test(file.slice(file.lastIndexOf("/") + 1));
}

/** Every folder a built-in client reads rules, skills, agents or commands from. */
function itemFolders(): string[] {
  const dirs = builtinClientPacks().flatMap(({ pack }) => {
    const reads = readModel(pack);
    return [
      ...reads.rules.map((r) => r.dir),
      ...[reads.skills, reads.agents, reads.commands].flatMap((f) => f.dirs.map((d) => d.dir)),
    ];
  });
  return [...new Set(dirs.map((d) => d.replace(/\/+$/, "")))].filter((d) => d !== "" && !d.startsWith("~"));
}

function loadedPaths(load: SessionLoad): string[] {
  return [
    ...load.texts.flatMap((t) => [t.path, t.source]),
    ...load.items.flatMap((i) => [i.path, ...i.copies, ...i.shadowed]),
    ...load.mcp,
    ...load.settings,
  ];
}
