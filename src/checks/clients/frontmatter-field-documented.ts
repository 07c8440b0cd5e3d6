import { parse as parseToml } from "smol-toml";
import type { ClientPack } from "../../clients/model.js";
import type { Finding } from "../../diagnostics/check-meta.js";
import { clientFixture } from "../../diagnostics/client-fixture.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { ClientFileOrigin, EmittedFile } from "../../emit/emitted-tree.js";
import type { Registry } from "../../registry/model.js";
import { type LinkedFolderKind, readersThroughLinks } from "../../registry/project-links.js";
import { parentPath } from "../../shared/posix-path.js";
import type { OutputCheck } from "../check.js";
import { clientFiles, emittedAt, emittedFrontmatter } from "./emitted-files.js";

/** Per kind of emitted file: the pack section that lists its documented fields, and whether it is TOML. */
function fileFormat(
  pack: ClientPack,
  kind: ClientFileOrigin["kind"],
): { section: string; fields: string[]; toml: boolean } | undefined {
  if (kind === "rule" && pack.rule_file)
    return { section: "rule_file", fields: pack.rule_file.documented_fields, toml: false };
  if (kind === "skill" && pack.skill_frontmatter)
    return { section: "skill_frontmatter", fields: pack.skill_frontmatter.documented_fields, toml: false };
  if (kind === "agent" && pack.agent_frontmatter) {
    const { documented_fields, format } = pack.agent_frontmatter;
    return { section: "agent_frontmatter", fields: documented_fields, toml: format === "toml" };
  }
  if (kind === "command" && pack.command_format) {
    const { documented_fields, format } = pack.command_format;
    return { section: "command_format", fields: documented_fields, toml: format === "toml" };
  }
  return undefined;
}

/** A rule file the pack copies into the client's rules folder as it is (shared_core). */
const sharedRule = (frontmatter: string[]) =>
  ["---", ...frontmatter, "---", "# Core", "", "Keep functions short.", ""].join("\n");

export const frontmatterFieldDocumented: OutputCheck = {
  id: "AGC093",
  slug: "frontmatter-field-documented",
  stage: "output",
  severity: "error",
  title: "Emitted frontmatter fields are ones the client documents",
  description:
    "A client ignores fields it does not know, so a promise written into such a field is kept by no one. Every field in the frontmatter of an emitted rule, skill, agent or command file (or the keys of a TOML agent or command) must be listed in the documented_fields of that kind in the client pack. This matters most for files the pack copies as they are (shared_core, shared_seed): a file in the rules folder is read as a rule file, and a field left over from the neutral source (trigger, globs) is one the client does not evaluate.",
  hint: "Remove the field from the copied file (or map it to a documented one in the pack); if the client's documentation lists it, add it to documented_fields.",
  get examples() {
    return {
      passing: clientFixture(
        { "shared/rules/00-core.md": sharedRule(["paths:", '  - "src/**"']) },
        { shared_core: [{ src: "shared/rules/00-core.md", dst: "<RULES_DIR>/00-core.md" }] },
      ),
      failing: clientFixture(
        { "shared/rules/00-core.md": sharedRule(["trigger: always_on"]) },
        { shared_core: [{ src: "shared/rules/00-core.md", dst: "<RULES_DIR>/00-core.md" }] },
      ),
      expected: [
        '<build>/.example/rules/00-core.md:2:1: error AGC093 .example/rules/00-core.md has the field "trigger", which example-client does not document for rule files (copied from shared/rules/00-core.md) (rule_file.documented_fields: paths)',
      ],
    };
  },
  *run(registry, tree) {
    for (const { file, origin, pack, kind } of clientFiles(registry, tree.files)) {
      // A native copy is the person's own file, written back as import read it: its fields are theirs.
      if (file.native) continue;
      const own = fileFormat(pack, kind);
      if (!own) continue;
      const format = withLinkedReaders(registry, pack, file, kind, own);
      const raw = kind === "rule" ? (pack.rule_triggers?.raw_fields ?? []) : [];
      const fields = format.toml ? tomlKeys(file) : yamlKeys(file, raw);
      if ("problem" in fields) {
        yield { position: fields.position, message: `${file.path}: the emitted ${fields.problem}` };
        continue;
      }
      yield* undocumented(file, { client: origin.client, kind }, format, fields.keys);
    }
  },
};

/** The item files other packs may read through a link of the projects: the kind of folder, and the file's folder. */
const linkedFolders: Partial<
  Record<ClientFileOrigin["kind"], { kind: LinkedFolderKind; folderOf: (path: string) => string }>
> = {
  rule: { kind: "rules", folderOf: parentPath },
  skill: { kind: "skills", folderOf: (path) => parentPath(parentPath(path)) },
  agent: { kind: "agents", folderOf: parentPath },
};

/**
 * A rule, skill or agent file in a folder other packs read through a link of the projects (targets.json
 * project_links) carries their fields too (packs/<section>/emit.ts): fields one of them documents are
 * documented.
 */
function withLinkedReaders(
  registry: Registry,
  pack: ClientPack,
  file: EmittedFile,
  kind: ClientFileOrigin["kind"],
  own: { section: string; fields: string[]; toml: boolean },
): { section: string; fields: string[]; toml: boolean } {
  const linked = linkedFolders[kind];
  if (!linked) return own;
  const readers = readersThroughLinks(registry, linked.kind, pack.client, linked.folderOf(file.path));
  const theirs = readers.flatMap((reader) => fileFormat(reader, kind)?.fields ?? []);
  if (theirs.length === 0) return own;
  const names = readers.map((reader) => reader.client).join(", ");
  return {
    ...own,
    section: `${own.section} (and ${names} through targets.json project_links)`,
    fields: [...new Set([...own.fields, ...theirs])],
  };
}

function* undocumented(
  file: EmittedFile,
  origin: Pick<ClientFileOrigin, "client" | "kind">,
  format: { section: string; fields: string[] },
  keys: { key: string; position: Position }[],
): Generator<Finding> {
  const documented = new Set(format.fields);
  for (const { key, position } of keys) {
    if (documented.has(key)) continue;
    yield {
      position,
      message: `${file.path} has the field "${key}", which ${origin.client} does not document for ${origin.kind} files${file.source ? ` (copied from ${file.source})` : ""} (${format.section}.documented_fields: ${format.fields.join(", ") || "none"})`,
    };
  }
}

type Keys = { keys: { key: string; position: Position }[] } | { problem: string; position: Position };

function yamlKeys(file: EmittedFile, rawFields: readonly string[]): Keys {
  const frontmatter = emittedFrontmatter(file, rawFields);
  if (frontmatter.kind === "none") return { keys: [] };
  if (frontmatter.kind === "malformed")
    return { problem: `frontmatter does not parse: ${frontmatter.message}`, position: frontmatter.position };
  const { yaml } = frontmatter;
  return { keys: frontmatter.keys.map((key) => ({ key, position: yaml.positionOf([key], "key") })) };
}

function tomlKeys(file: EmittedFile): Keys {
  const text = file.bytes.toString("utf8");
  let value: Record<string, unknown>;
  try {
    value = parseToml(text);
  } catch (error) {
    return {
      problem: `TOML does not parse: ${(error as Error).message.split("\n")[0]}`,
      position: emittedAt(file, 1),
    };
  }
  const lines = text.split("\n");
  return {
    keys: Object.keys(value).map((key) => {
      const index = lines.findIndex((l) =>
        new RegExp(`^\\s*(\\[\\s*)?"?${escapeRegExp(key)}"?\\s*[=\\]]`).test(l),
      );
      return { key, position: emittedAt(file, index >= 0 ? index + 1 : 1) };
    }),
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
