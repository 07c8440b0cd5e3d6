import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { importProject } from "../src/import/import-project.js";

/**
 * The import benchmark (docs/import.md): a generated project with 1,000 native rule files across five
 * assistants (Claude Code, Cursor, GitHub Copilot, Windsurf, Kiro; 200 each, two in five of them the
 * same rule in every assistant's format), imported through the library: read, merge, write the
 * registry, and the round trip (an in-memory build compared with every file read). Median of three.
 */
const perAssistant = Number(process.env.AGENTC_BENCH_IMPORT_RULES ?? 200);
const runs = 3;

/** One rule in each assistant's own format; `shared` rules have one text everywhere, the others their own. */
const formats: [string, (name: string, glob: string, body: string) => [string, string]][] = [
  ["claude-code", (n, g, b) => [`.claude/rules/${n}.md`, `---\npaths:\n  - "${g}"\n---\n${b}`]],
  [
    "cursor",
    (n, g, b) => [
      `.cursor/rules/${n}.mdc`,
      `---\ndescription: Rule ${n}\nglobs: ${g}\nalwaysApply: false\n---\n${b}`,
    ],
  ],
  [
    "github-copilot",
    (n, g, b) => [`.github/instructions/${n}.instructions.md`, `---\napplyTo: "${g}"\n---\n${b}`],
  ],
  ["windsurf", (n, g, b) => [`.devin/rules/${n}.md`, `---\ntrigger: glob\nglobs: ${g}\n---\n${b}`]],
  [
    "kiro",
    (n, g, b) => [`.kiro/steering/${n}.md`, `---\ninclusion: fileMatch\nfileMatchPattern: "${g}"\n---\n${b}`],
  ],
];

function generateProject(dir: string): number {
  let count = 0;
  for (let i = 0; i < perAssistant; i++) {
    const shared = i % 5 < 2;
    for (const [assistant, write] of formats) {
      const name = `rule-${String(i).padStart(4, "0")}`;
      const owner = shared ? "every assistant" : assistant;
      const body = `# Rule ${i}\n\nFor ${owner}: keep module ${i} small; ${"one idea per function. ".repeat(6)}\n`;
      const [path, text] = write(name, `src/mod-${i}/**/*.ts`, body);
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
      count++;
    }
  }
  writeFileSync(join(dir, "AGENTS.md"), "# Project\n\nA generated project for the import benchmark.\n");
  return count;
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "agentc-import-bench-"));
  try {
    const project = join(root, "project");
    mkdirSync(project);
    const files = generateProject(project);
    const seconds: number[] = [];
    let summary = "";
    for (let run = 0; run < runs; run++) {
      const out = join(root, `registry-${run}`);
      const start = process.hrtime.bigint();
      const result = await importProject(project, out);
      seconds.push(Number(process.hrtime.bigint() - start) / 1e9);
      if (result.kind !== "imported" || !result.ok)
        throw new Error(`the import failed: ${JSON.stringify(result).slice(0, 400)}`);
      const rules = result.files.filter((f) => f.startsWith("core/rules/")).length;
      summary = `${result.read.length} files read, ${rules} core rules, ${result.diagnostics.length} findings`;
    }
    const median = [...seconds].sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0;
    console.log(
      `import benchmark: ${files} native rule files across ${formats.length} assistants, load average ${loadavg()[0]?.toFixed(2)}`,
    );
    console.log(
      `  import (read, merge, write, round trip)  ${median.toFixed(3)} s median of ${runs} (${seconds.map((s) => s.toFixed(3)).join(", ")})`,
    );
    console.log(`  ${summary}; ${(files / median).toFixed(0)} native files/s`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
