import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parseArgs } from "node:util";
import { allChecks } from "../src/check-list/index.js";
import { sections } from "../src/packs/index.js";
import { packageRoot } from "../src/shared/package-paths.js";

/**
 * npm run new:check -- <slug> --stage load|emit|registry|output [--area FOLDER] (after npm run build): a new
 * numbered check where its stage keeps its checks (docs/architecture.md, "Adding a check"): the check file
 * with the next free id, its entry in src/checks/index.ts, a test table in test/checks/, then a compile and
 * its docs page. The examples and the table start failing on purpose: they fail until the check is written.
 */
const usage = "usage: npm run new:check -- <slug> --stage load|emit|registry|output [--area FOLDER]";
const slugPattern = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Where each stage keeps its checks, and the areas it may choose (the first is the default). */
const homes = {
  load: {
    areas: ["registry", "documents", "core", "clients", "capabilities", "dependencies"],
    folder: (a: string) => `src/${a}/checks`,
  },
  emit: {
    areas: ["emit", ...sections.map((section) => `packs/${section.name.replaceAll("_", "-")}`)],
    folder: (a: string) => `src/${a}/checks`,
  },
  registry: { areas: ["registry", "clients", "capabilities"], folder: (a: string) => `src/checks/${a}` },
  output: { areas: ["output", "clients"], folder: (a: string) => `src/checks/${a}` },
} as const;
type Stage = keyof typeof homes;

const camel = (slug: string) => slug.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const importPath = (from: string, to: string) => relative(dirname(from), to).replace(/\.ts$/, ".js");

function nextId(): string {
  const highest = Math.max(...allChecks.map((c) => Number(c.id.slice(3))));
  return `AGC${String(highest + 1).padStart(3, "0")}`;
}

function checkSource(file: string, stage: Stage, id: string, slug: string): string {
  const meta = importPath(file, "src/diagnostics/check-meta.ts");
  const base = importPath(file, "src/diagnostics/fixture-base.ts");
  const inline = stage === "load" || stage === "emit";
  const type = inline ? "InlineCheck" : stage === "registry" ? "RegistryCheck" : "OutputCheck";
  const imports = inline
    ? [
        `import { diagnostic, type InlineCheck } from "${meta}";`,
        `import type { Diagnostic, Position } from "${importPath(file, "src/diagnostics/diagnostic.ts")}";`,
      ]
    : [
        `import type { ${type} } from "${importPath(file, "src/checks/check.ts")}";`,
        `import type { Finding } from "${meta}";`,
      ];
  const run = inline
    ? []
    : [
        `  run(${stage === "registry" ? "_registry" : "_registry, _tree"}) {`,
        "    const findings: Finding[] = [];",
        '    // One finding for each place that breaks the check: { position, message: "Unexpected …, expected …" }.',
        "    return findings;",
        "  },",
      ];
  return [
    ...imports,
    `import { withBase } from "${base}";`,
    "",
    `export const ${camel(slug)}: ${type} = {`,
    `  id: "${id}",`,
    `  slug: "${slug}",`,
    `  stage: "${stage}",`,
    '  severity: "error",',
    `  title: "What the check asserts, as a statement",`,
    `  description: "Why the check exists, in a sentence or two: what goes wrong without it.",`,
    `  hint: "What to change in the registry so that the check passes.",`,
    "  examples: {",
    "    passing: withBase({}),",
    '    failing: withBase({ "rules/extra.md": "---\\nscope: global\\n---\\n# Extra\\n\\nText.\\n" }),',
    "    expected: [],",
    "  },",
    ...run,
    "};",
    ...(inline ? findingFunction(slug, stage) : [""]),
  ].join("\n");
}

/**
 * A load or emit check decides and words its findings here, in its own file; the loader or emitter reads the
 * value, gives its position and reports what the function returns (docs/architecture.md#checks).
 */
function findingFunction(slug: string, stage: Stage): string[] {
  return [
    "",
    `/** The finding on one value the ${stage === "load" ? "loader reads" : "emitter writes"}; undefined when it passes. */`,
    `export function ${camel(slug)}Finding(value: unknown, position: Position): Diagnostic | undefined {`,
    "  if (value === undefined) return undefined;",
    `  return diagnostic(${camel(slug)}, { position, message: "Unexpected …, expected …" });`,
    "}",
    "",
  ];
}

function testSource(testFile: string, checkFile: string, slug: string): string {
  const name = camel(slug);
  return [
    `import { checkTable } from "${importPath(testFile, "test/support/check-harness.ts")}";`,
    `import { ${name} } from "${importPath(testFile, checkFile)}";`,
    "",
    `checkTable(${name}, {`,
    `  valid: [{ name: "the passing example", files: ${name}.examples.passing }],`,
    "  // each invalid case lists every finding it expects: { file, line, column, message }",
    `  invalid: [{ name: "the failing example", files: ${name}.examples.failing, findings: [] }],`,
    "});",
    "",
  ].join("\n");
}

function register(checkFile: string, slug: string): void {
  const index = "src/checks/index.ts";
  const text = readFileSync(join(packageRoot, index), "utf8");
  const list = text.indexOf("export const compileChecks");
  const end = text.indexOf("];", list);
  if (list < 0 || end < 0) throw new Error(`${index} has no compileChecks list`);
  const line = `import { ${camel(slug)} } from "./${relative("src/checks", checkFile).replace(/\.ts$/, ".js")}";\n`;
  const withEntry = `${text.slice(0, end)}  ${camel(slug)},\n${text.slice(end)}`;
  writeFileSync(join(packageRoot, index), line + withEntry);
}

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { cwd: packageRoot, encoding: "utf8" });
  if (result.status !== 0) process.stderr.write(result.stdout + result.stderr);
  return result.status === 0;
}

function main(): number {
  const { values, positionals } = parseArgs({
    options: { stage: { type: "string" }, area: { type: "string" } },
    allowPositionals: true,
  });
  const [slug] = positionals;
  const stage = values.stage as Stage | undefined;
  const home = stage ? homes[stage] : undefined;
  const area = values.area ?? home?.areas[0];
  if (
    !slug ||
    !slugPattern.test(slug) ||
    !home ||
    !area ||
    !(home.areas as readonly string[]).includes(area)
  ) {
    const areas = Object.entries(homes).map(([s, h]) => `${s}: ${h.areas.join(", ")}`);
    process.stderr.write(
      `${usage}\n  <slug>: lower-case words joined by hyphens, said as an assertion\n  areas by stage: ${areas.join("; ")}\n`,
    );
    return 2;
  }
  if (allChecks.some((c) => c.slug === slug)) {
    process.stderr.write(`a check with the slug ${slug} exists already\n`);
    return 1;
  }
  const checkFile = `${home.folder(area)}/${slug}.ts`;
  const testFile = `test/checks/${slug}.test.ts`;
  if (existsSync(join(packageRoot, checkFile)) || existsSync(join(packageRoot, testFile))) {
    process.stderr.write(`${checkFile} or ${testFile} exists already\n`);
    return 1;
  }
  const id = nextId();
  for (const [file, text] of [
    [checkFile, checkSource(checkFile, stage as Stage, id, slug)],
    [testFile, testSource(testFile, checkFile, slug)],
  ] as const) {
    mkdirSync(dirname(join(packageRoot, file)), { recursive: true });
    writeFileSync(join(packageRoot, file), text);
  }
  register(checkFile, slug);
  const biome = join(packageRoot, "node_modules", ".bin", "biome");
  const built =
    run(biome, ["check", "--write", checkFile, testFile, "src/checks/index.ts"]) &&
    run(process.execPath, [
      join(packageRoot, "node_modules", "typescript", "bin", "tsc"),
      "-p",
      "tsconfig.json",
    ]) &&
    run(process.execPath, [join("dist", "scripts", "generate-check-docs.js")]);
  process.stdout.write(
    `${id} ${slug}: wrote ${checkFile}, ${testFile}, its entry in src/checks/index.ts${built ? ` and docs/checks/${id}.md` : ""}.\n` +
      "Next: write the check (a load or emit check decides and words its findings in its own function, which the\n" +
      "loader or emitter calls where it finds the value and reports what it returns), its examples and the\n" +
      "lines they yield (examples.expected), the test table's cases, then npm run build && npm run docs.\n",
  );
  return built ? 0 : 1;
}

process.exitCode = main();
