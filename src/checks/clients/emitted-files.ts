import type { ClientPack } from "../../clients/model.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { EmittedFile } from "../../emit/emitted-tree.js";
import type { Registry } from "../../registry/model.js";
import { type ParsedYaml, parseYamlBlock } from "../../registry/yaml-frontmatter.js";

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

/** The emitted files of client packs: each with its origin and its pack. */
export function* clientFiles(
  registry: Registry,
  files: readonly EmittedFile[],
): Generator<{ file: EmittedFile; origin: NonNullable<EmittedFile["client"]>; pack: ClientPack }> {
  for (const file of files) {
    const origin = file.client;
    if (!origin) continue;
    const pack = registry.clients.find((c) => c.pack.client === origin.client)?.pack;
    if (pack) yield { file, origin, pack };
  }
}

export type EmittedFrontmatter =
  | { kind: "none" }
  | { kind: "parsed"; yaml: ParsedYaml; keys: string[] }
  | { kind: "malformed"; position: Position; message: string };

/** The YAML frontmatter of an emitted Markdown file, with positions in the emitted file. */
export function emittedFrontmatter(file: EmittedFile): EmittedFrontmatter {
  const lines = file.bytes.toString("utf8").split("\n");
  if (lines[0]?.replace(/\r$/, "") !== "---") return { kind: "none" };
  const closeAt = lines.findIndex((line, i) => i > 0 && line.replace(/\r$/, "") === "---");
  if (closeAt < 0) return { kind: "malformed", position: emittedAt(file, 1), message: "is never closed" };
  const { parsed, errors } = parseYamlBlock(emittedName(file), lines.slice(1, closeAt).join("\n"), 2);
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
