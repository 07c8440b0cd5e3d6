import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { lintProject } from "../src/lint/index.js";

/**
 * The lint benchmark (docs/lint.md): a generated project with 1,000 native files (rules in five assistants'
 * formats, skills, agents and commands, an AGENTS.md and a CLAUDE.md that imports it) and the source files
 * their globs name, linted for every client through the library. Median of three; the target is under 1 s.
 */
const native = Number(process.env.AGENTC_BENCH_LINT_FILES ?? 1000);
const runs = 3;

/** One native file of each kind, by index: its path and text. */
const kinds: ((i: number) => [string, string])[] = [
  (i) => [`.claude/rules/rule-${i}.md`, `---\npaths:\n  - "src/mod-${i}/**/*.ts"\n---\n${body(i)}`],
  (i) => [
    `.cursor/rules/rule-${i}.mdc`,
    `---\ndescription: Rule ${i}\nglobs: src/mod-${i}/**/*.ts\nalwaysApply: false\n---\n${body(i)}`,
  ],
  (i) => [
    `.github/instructions/rule-${i}.instructions.md`,
    `---\napplyTo: "src/mod-${i}/**/*.ts"\n---\n${body(i)}`,
  ],
  (i) => [
    `.kiro/steering/rule-${i}.md`,
    `---\ninclusion: fileMatch\nfileMatchPattern: "src/mod-${i}/**"\n---\n${body(i)}`,
  ],
  (i) => [
    `.claude/skills/skill-${i}/SKILL.md`,
    `---\nname: skill-${i}\ndescription: Does task ${i}. Use when asked for task ${i}.\n---\n${body(i)}`,
  ],
  (i) => [
    `.claude/agents/agent-${i}.md`,
    `---\nname: agent-${i}\ndescription: Reviews module ${i}.\n---\n${body(i)}`,
  ],
  (i) => [`.claude/commands/command-${i}.md`, `---\ndescription: Runs step ${i}.\n---\n${body(i)}`],
];

function body(i: number): string {
  return `# Rule ${i}\n\nKeep module ${i} small; ${"one idea per function. ".repeat(6)}\n`;
}

function generateProject(dir: string): number {
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write("AGENTS.md", "# Project\n\nA generated project for the lint benchmark.\n");
  write("CLAUDE.md", "# Claude\n\n@AGENTS.md\n");
  let count = 2;
  for (let i = 0; count < native; i++) {
    write(`src/mod-${i}/index.ts`, "export {};\n");
    for (const kind of kinds) {
      if (count >= native) break;
      write(...kind(i));
      count++;
    }
  }
  return count;
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "agentc-lint-bench-"));
  try {
    const files = generateProject(root);
    const seconds: number[] = [];
    const cpu: number[] = [];
    let summary = "";
    for (let run = 0; run < runs; run++) {
      const start = process.hrtime.bigint();
      const used = process.cpuUsage();
      const result = await lintProject(root);
      seconds.push(Number(process.hrtime.bigint() - start) / 1e9);
      const { user, system } = process.cpuUsage(used);
      cpu.push((user + system) / 1e6);
      summary = `${result.filesRead} files read by import's readers, ${result.diagnostics.length} findings`;
    }
    const middle = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0;
    const median = middle(seconds);
    console.log(
      `lint benchmark: ${files} native files, every client, load average ${loadavg()[0]?.toFixed(2)}`,
    );
    console.log(
      `  lint  ${median.toFixed(3)} s median of ${runs} (${seconds.map((s) => s.toFixed(3)).join(", ")}), ${middle(cpu).toFixed(3)} s of CPU; target under 1 s`,
    );
    console.log(`  ${summary}; ${(files / median).toFixed(0)} native files/s`);
  } finally {
    if (!process.env.AGENTC_BENCH_KEEP) rmSync(root, { recursive: true, force: true });
    else console.log(`  kept ${root}`);
  }
}

await main();
