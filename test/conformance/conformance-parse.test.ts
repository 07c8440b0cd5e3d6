import assert from "node:assert/strict";
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isDeepStrictEqual } from "node:util";
import { type ParseError, parse as parseJsonc, printParseErrorCode } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { parseDocument } from "yaml";
import { composeJson, composeToml, type KeyPath } from "../../src/compose/index.js";
import type { ComposedFile, EmittedFile } from "../../src/emit/emitted-tree.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { clientRegistry } from "../support/clients-cli.js";
import { testdir } from "../support/testdir.js";

/** The built-in client packs: every clients/<id>.json shipped in the package. */
function builtinPacks(): string[] {
  const dir = join(packageRoot, "clients");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.slice(0, -".json".length))
    .sort();
}

/** Why a text does not parse as its format, or undefined when it does (position 1-based). */
type Parser = (text: string) => string | undefined;

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split("\n");
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}

function jsonParser(comments: boolean): Parser {
  return (text) => {
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { disallowComments: !comments, allowTrailingComma: comments });
    const first = errors[0];
    return first && `${lineColumn(text, first.offset)}: ${printParseErrorCode(first.error)}`;
  };
}

const tomlParser: Parser = (text) => {
  try {
    parseToml(text);
    return undefined;
  } catch (error) {
    const { line, column, message } = error as { line?: number; column?: number; message: string };
    return `${line}:${column}: ${message.split("\n")[0]}`;
  }
};

/** YAML frontmatter between the opening '---' line and the next: a mapping, unique keys, no errors. */
function frontmatterParser(required: boolean): Parser {
  return (text) => {
    const match = /^---\r?\n([\s\S]*?)^---\r?$/m.exec(text);
    if (!text.startsWith("---") || !match) return required ? "1:1: no YAML frontmatter block" : undefined;
    const doc = parseDocument(match[1] ?? "", { uniqueKeys: true, prettyErrors: true });
    const error = doc.errors[0];
    if (error)
      return `${(error.linePos?.[0].line ?? 0) + 1}:${error.linePos?.[0].col ?? 1}: ${error.message}`;
    const value = doc.toJS() as unknown;
    const isMap = value === null || (typeof value === "object" && !Array.isArray(value));
    return isMap ? undefined : "2:1: the frontmatter is not a mapping of fields";
  };
}

/** The parser of a generated file by its name; undefined for formats with no data to parse (scripts). */
function parserFor(file: EmittedFile): Parser | undefined {
  const path = file.path;
  if (path.endsWith(".jsonc")) return jsonParser(true);
  if (path.endsWith(".json")) return jsonParser(false);
  if (path.endsWith(".toml")) return tomlParser;
  if (/\.(md|mdc)$/.test(path)) return frontmatterParser(file.client?.kind === "skill");
  return undefined;
}

/** Composes a shared file's entries into an empty file, as a first install does; the text and its problems. */
function composeFresh(file: ComposedFile): { text: string; problems: string[] } {
  const compose = file.format === "toml" ? composeToml : composeJson;
  const result = compose(undefined, file.entries, []);
  return { text: result.text, problems: result.conflicts.map((c) => c.message) };
}

function valueAtPath(root: unknown, path: KeyPath): unknown {
  let value = root;
  for (const key of path) value = (value as Record<string | number, unknown> | undefined)?.[key];
  return value;
}

/**
 * Errors by which a pack refuses part of the fixture on purpose (AGC081: a load trigger it cannot map,
 * e.g. Cline and manual rules). The build stops on them, but every other file is still emitted and parsed.
 * (An MCP value with a variable the client cannot pass, AGC150, is that client's loss: the server is left
 * out and the build goes on.)
 */
const refusals = ["AGC081"];

/** The fixture compiled with one built-in pack; every file of the tree and every composed file. */
async function compiledWith(pack: string) {
  const registry = join(testdir({}, "agentc-parse-"), "registry");
  cpSync(clientRegistry, registry, { recursive: true });
  const targetsFile = join(registry, "targets.json");
  const targets = JSON.parse(readFileSync(targetsFile, "utf8")) as object;
  writeFileSync(targetsFile, JSON.stringify({ ...targets, builtin_clients: [pack] }));
  const compiled = await compileRegistry(registry, { offline: true });
  const errors = compiled.diagnostics.filter((d) => d.severity === "error" && !refusals.includes(d.id));
  assert.deepEqual(errors, [], `the fixture compiles with the ${pack} pack alone`);
  assert.ok(compiled.tree);
  return compiled.tree;
}

const packs = builtinPacks();

describe("every generated data file parses with its format's own parser", () => {
  it("finds the built-in client packs and the client fixture", () => {
    assert.ok(packs.length > 0, "clients/*.json holds the built-in packs");
    assert.ok(existsSync(clientRegistry), "test/fixtures/client-registry exists");
  });

  it("reports a broken file of each format (the parsers can fail)", () => {
    const file = (path: string, kind?: "skill"): EmittedFile => ({
      path,
      bytes: Buffer.alloc(0),
      component: "x",
      role: "asset",
      rules: [],
      executable: false,
      ...(kind ? { client: { client: "x", kind, alwaysLoaded: false } } : {}),
    });
    const broken: [EmittedFile, string][] = [
      [file("a.json"), '{"a": 1, // note\n}'],
      [file("a.jsonc"), '{"a": 1 "b": 2}'],
      [file("a.toml"), "a = [1,\n"],
      [file("r.md"), "---\na: [1\na: 2\n---\nBody\n"],
      [file("s/SKILL.md", "skill"), "# no frontmatter\n"],
    ];
    for (const [f, text] of broken) assert.ok(parserFor(f)?.(text), `${f.path} is reported`);
  });

  for (const pack of packs) {
    it(`${pack}: files, frontmatter and composed shared files parse`, async () => {
      const tree = await compiledWith(pack);
      const problems: string[] = [];
      let parsed = 0;
      for (const f of tree.files) {
        const parser = parserFor(f);
        if (!parser) continue;
        parsed++;
        const problem = parser(f.bytes.toString("utf8"));
        if (problem) problems.push(`${f.path}:${problem}`);
      }
      for (const shared of tree.composed.filter((c) => c.component === pack)) {
        const { text, problems: conflicts } = composeFresh(shared);
        problems.push(...conflicts.map((c) => `${shared.path}: ${c}`));
        const parser = shared.format === "toml" ? tomlParser : jsonParser(false);
        const problem = parser(text);
        if (problem) problems.push(`${shared.path} (composed):${problem}`);
        else problems.push(...entriesMissing(shared, text));
        parsed++;
      }
      assert.deepEqual(problems, []);
      assert.ok(parsed > 0, `the ${pack} build has data files to parse`);
    });
  }
});

/** Each owned entry, read back from the composed text with the format's parser, holds its value. */
function entriesMissing(shared: ComposedFile, text: string): string[] {
  const parsed = shared.format === "toml" ? parseToml(text) : (JSON.parse(text) as unknown);
  const root = JSON.parse(JSON.stringify(parsed)) as unknown;
  const missing: string[] = [];
  for (const entry of shared.entries) {
    const found = valueAtPath(root, entry.path);
    const holds = entry.element
      ? Array.isArray(found) && found.some((v) => isDeepStrictEqual(v, entry.value))
      : isDeepStrictEqual(found, entry.value);
    if (!holds) missing.push(`${shared.path}: ${JSON.stringify(entry.path)} does not read back as written`);
  }
  return missing;
}
