import type { ClientPack } from "../../clients/model.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import { type ParsedYaml, parseYamlBlock } from "../../documents/yaml-frontmatter.js";
import type { ClientFileOrigin, EmittedFile } from "../../emit/emitted-tree.js";
import { packPath } from "../../packs/shared/placeholders.js";
import type { Registry } from "../../registry/model.js";
import { closingFenceAt, isFrontmatterFence } from "../../shared/frontmatter-fence.js";

/**
 * How diagnostics name a file of the build: "<build>/" and its install path. Reporters show names in
 * angle brackets as they are; the file is at that path under the build's --out folder.
 */
export function emittedName(file: Pick<EmittedFile, "path">): string {
  return `<build>/${file.path}`;
}

export function emittedAt(file: Pick<EmittedFile, "path">, line: number, column = 1): Position {
  return { file: emittedName(file), line, column };
}

export interface ClientFile {
  file: EmittedFile;
  origin: ClientFileOrigin;
  pack: ClientPack;
  /** What the client takes the file for: a shared file in the rules folder is a rule file, and so on. */
  kind: ClientFileOrigin["kind"];
}

/** The emitted files of client packs: each with its origin, its pack, and the kind the client reads it as. */
export function* clientFiles(registry: Registry, files: readonly EmittedFile[]): Generator<ClientFile> {
  for (const file of files) {
    const origin = file.client;
    if (!origin) continue;
    const pack = registry.clients.find((c) => c.pack.client === origin.client)?.pack;
    if (pack) yield { file, origin, pack, kind: readAs(pack, origin.kind, file.path) };
  }
}

/**
 * Files the pack copies (shared_core, shared_seed) are read by the client by where they lie: a rule
 * file in rules_dir, SKILL.md in a folder of skills_dir, an agent or command file in their folders.
 */
function readAs(pack: ClientPack, kind: ClientFileOrigin["kind"], path: string): ClientFileOrigin["kind"] {
  if (kind !== "shared-core" && kind !== "shared-seed") return kind;
  const inside = (dir: string | null, extension: string | undefined) =>
    dir !== null &&
    extension !== undefined &&
    path.startsWith(`${packPath(dir, pack.runtime_placeholders)}/`) &&
    path.endsWith(extension);
  if (inside(pack.rules_dir, pack.rule_file?.extension)) return "rule";
  if (inside(pack.skills_dir, "/SKILL.md")) return "skill";
  if (inside(pack.agents_dir, pack.agent_frontmatter?.extension)) return "agent";
  if (inside(pack.commands_dir, pack.command_format?.extension)) return "command";
  return kind;
}

export type EmittedFrontmatter =
  | { kind: "none" }
  | { kind: "parsed"; yaml: ParsedYaml; keys: string[] }
  | { kind: "malformed"; position: Position; message: string };

/**
 * The YAML frontmatter of an emitted Markdown file, with positions in the emitted file. The pack's raw
 * fields (Cursor's `globs: **\/*.ts`) are written unquoted on purpose and are no YAML: their keys count,
 * their values (and a block list below an empty one, as a person may write it) are read as empty.
 */
export function emittedFrontmatter(file: EmittedFile, rawFields: readonly string[] = []): EmittedFrontmatter {
  const lines = file.bytes.toString("utf8").split("\n");
  if (!isFrontmatterFence(lines[0])) return { kind: "none" };
  const closeAt = closingFenceAt(lines);
  if (closeAt < 0) return { kind: "malformed", position: emittedAt(file, 1), message: "is never closed" };
  let inRawList = false;
  const block = lines.slice(1, closeAt).map((line) => {
    if (inRawList && /^([ \t]+\S|-[ \t]|-$)/.test(line)) return "";
    const match = /^([A-Za-z_][A-Za-z0-9_-]*):(.*)$/.exec(line);
    const raw = match?.[1] !== undefined && rawFields.includes(match[1]);
    inRawList = raw && (match?.[2] ?? "").trim() === "";
    return raw ? `${match?.[1]}: ""` : line;
  });
  const { parsed, errors } = parseYamlBlock(emittedName(file), block.join("\n"), 2);
  const error = errors[0];
  if (error || !parsed) {
    return {
      kind: "malformed",
      position: error?.position ?? emittedAt(file, 1),
      message: error?.message ?? "",
    };
  }
  return { kind: "parsed", yaml: parsed, keys: Object.keys(parsed.value) };
}

/** Where the core item an emitted file came from is written, when the registry has it. */
export function sourceFileOf(registry: Registry, file: EmittedFile): string | undefined {
  const origin = file.client;
  if (!origin) return undefined;
  if (file.source) return file.source;
  const core = registry.core;
  const items: Record<string, readonly { name: string; file: string }[]> = {
    rule: core.rules,
    skill: core.skills,
    agent: core.agents,
    command: core.commands,
  };
  return items[origin.kind]?.find((item) => item.name === origin.name)?.file;
}
