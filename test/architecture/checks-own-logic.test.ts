import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import ts from "typescript";
import { packageRoot } from "../../src/shared/package-paths.js";

/**
 * A check raised inline (InlineCheck: while loading, emitting, building the plugin packages, importing or
 * linting) keeps the code that decides and words its findings in its own file (docs/architecture.md#checks);
 * the loader, emitter or reader reads, places and reports what it returns. These folders, and the checks/
 * folder of each client-pack section (packs/<section>/checks).
 */
const folders = [
  "core/checks",
  "registry/checks",
  "clients/checks",
  "capabilities/checks",
  "emit/checks",
  "dependencies/checks",
  "documents/checks",
  "plugin/checks",
  "import/checks",
  "lint/checks",
];

/**
 * Checks whose findings are the failures of a whole stage, worded by each step of it, with why: their logic
 * is that stage's module, not a function of the check's file.
 */
const wholeStage: Record<string, string> = {
  dependenciesResolve:
    "AGC191 is every failure of resolving a dependency (src/dependencies/resolve-dependencies.ts and the layering in src/registry/layers/layer-*.ts)",
};

/**
 * The places besides its own file where a check's id may be written in code, each with why. Every check
 * file may cite another check by id (its examples and their expected lines are what users read).
 */
const allowed: Record<string, { id: string; why: string }[]> = {
  "registry/covered-losses.ts": [{ id: "AGC029", why: "registry sits below emit, which holds the check" }],
  "registry/accepted-losses.ts": [{ id: "AGC080", why: "registry sits below emit, which holds the check" }],
  "clients/seed-pack-translation.ts": [
    {
      id: "AGC080",
      why: "a message of the seed translation names the check, which emit (above clients) holds",
    },
  ],
  "cli/help/explain.ts": [{ id: "AGC080", why: "the example of `agentc explain` in its help" }],
};

const srcDir = join(packageRoot, "src");

function sourceFiles(dir = srcDir, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return sourceFiles(join(dir, entry.name), rel);
    return entry.name.endsWith(".ts") ? [rel] : [];
  });
}

function parse(file: string, text = readFileSync(join(srcDir, file), "utf8")): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

/** Whether a literal of the text may say a check id: it is written there, or may be behind an escape sequence. */
const maySayAnId = (text: string): boolean => /AGC\d{3}|\\(?:u|x|[0-7])/.test(text);

/** The text of every string and template literal of a file: what the code says, not its comments. */
function literals(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

interface InlineCheckFile {
  file: string;
  name: string;
  id: string;
  functions: string[];
}

/** The InlineCheck a file of the folders declares, with the functions it exports; undefined for helpers. */
function inlineCheck(file: string): InlineCheckFile | undefined {
  const source = parse(file);
  let check: { name: string; id: string } | undefined;
  const functions: string[] = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    if (!exported) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) functions.push(statement.name.text);
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const type = declaration.type?.getText(source);
      const value = declaration.initializer;
      if (
        type === "InlineCheck" &&
        value &&
        ts.isObjectLiteralExpression(value) &&
        ts.isIdentifier(declaration.name)
      ) {
        const idProperty = value.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === "id",
        );
        const id =
          idProperty && ts.isStringLiteral(idProperty.initializer) ? idProperty.initializer.text : "";
        check = { name: declaration.name.text, id };
      } else if (
        value &&
        (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) &&
        ts.isIdentifier(declaration.name)
      )
        functions.push(declaration.name.text);
    }
  }
  return check && { file, ...check, functions };
}

describe("an inline check's logic lives in its own file", () => {
  const files = sourceFiles();
  const checkFiles = new Set(files.filter((f) => /(^|\/)checks\//.test(f)));
  const checks = files
    .filter((f) => folders.some((folder) => f.startsWith(`${folder}/`)) || /^packs\/[^/]+\/checks\//.test(f))
    .flatMap((f) => inlineCheck(f) ?? []);

  it("finds the checks of the folders", () => {
    assert.ok(checks.length >= 30, `only ${checks.length} InlineChecks found in ${folders.join(", ")}`);
    for (const check of checks)
      assert.match(check.id, /^AGC\d{3}$/, `${check.file}: ${check.name} has no literal id`);
  });

  it("exports, beside the metadata, the function that decides and words each check's findings", () => {
    const bare = checks
      .filter((c) => c.functions.length === 0 && !(c.name in wholeStage))
      .map(
        (c) =>
          `src/${c.file}: ${c.name} (${c.id}) exports no function; move the code that decides and words its findings here from the loader`,
      );
    assert.deepEqual(bare, []);
  });

  it("makes no diagnostic of the check outside its own file (the loader reports what the check returns)", () => {
    const outside = files.flatMap((file) => {
      const text = readFileSync(join(srcDir, file), "utf8");
      return checks
        .filter((c) => !(c.name in wholeStage))
        .filter(
          (c) => c.file !== file && new RegExp(`\\b(?:diagnostic|report)\\(\\s*${c.name}\\b`).test(text),
        )
        .map(
          (c) =>
            `src/${file} words a finding of ${c.id} (${c.name}); call a function of src/${c.file} instead`,
        );
    });
    assert.deepEqual(outside, []);
  });

  it("writes each check's id in code only in its own file, other check files and the places allowed", () => {
    const ids = new Map(checks.map((c) => [c.id, c.file]));
    const misplaced = files
      .filter((file) => !checkFiles.has(file))
      .flatMap((file) => {
        const text = readFileSync(join(srcDir, file), "utf8");
        if (!maySayAnId(text)) return [];
        const said = literals(parse(file, text)).join("\n");
        return [...ids]
          .filter(([id]) => new RegExp(`\\b${id}\\b`).test(said))
          .filter(([id]) => !allowed[file]?.some((a) => a.id === id))
          .map(([id, own]) => `src/${file} writes ${id}; import the check from src/${own} and use its id`);
      });
    assert.deepEqual(misplaced, []);
  });

  it("allows only places that still write the id", () => {
    const stale = Object.entries(allowed).flatMap(([file, entries]) => {
      const said = files.includes(file) ? literals(parse(file)).join("\n") : "";
      return entries
        .filter((a) => !said.includes(a.id))
        .map((a) => `${file} no longer writes ${a.id}: remove it`);
    });
    assert.deepEqual(stale, []);
  });
});
