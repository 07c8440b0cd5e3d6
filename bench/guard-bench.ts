import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { guardTimeoutMs } from "../src/packs/guard/program.js";
import { packageRoot } from "../src/shared/package-paths.js";
import { ordinaryCorpus, ordinaryPayload, ordinaryProject } from "../test/support/guard-ordinary.js";

/**
 * The secret guard benchmark (docs/guard.md, "Time"): the real guard process on ordinary calls and on
 * the worst inputs known, each run several times as a client runs it (a new process, payload on
 * stdin); the median and the slowest wall time, from spawn to exit. The guard's own deadline is the bound: every decision must come far inside it.
 * Then the false-positive figure (issue 27): how many of the ordinary commands and tool calls of
 * test/fixtures/guard-ordinary.json the guard asks about or blocks.
 */
const guard = join(packageRoot, "assets", "hooks", "agentc-guard.mjs");
const runs = Number(process.env.AGENTC_BENCH_RUNS ?? 5);
const MiB = 1024 * 1024;

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "agentc-guard-bench-"));
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, ".env"), "A=1\n");
  writeFileSync(join(dir, "README.md"), "r\n");
  for (let i = 0; i < 200; i++) writeFileSync(join(dir, "src", `file-${i}.ts`), "export {};\n");
  return dir;
}

function cases(cwd: string): [string, string][] {
  const call = (tool_name: string, tool_input: object) =>
    JSON.stringify({ cwd, hook_event_name: "PreToolUse", tool_name, tool_input });
  const bash = (command: string) => call("Bash", { command });
  const word = `/nx/${"d/".repeat(31)}{0,1,2,3,4,5,6,7}{0,1,2,3,4,5,6,7} `;
  return [
    ["Read README.md", call("Read", { file_path: "README.md" })],
    ["Bash npm test && git status", bash("npm test && git status")],
    ["Bash cat src/*.ts, piped to wc", bash("cat src/*.ts | wc -l")],
    ["Write 1 MiB of text", call("Write", { file_path: "a.txt", content: "lorem ipsum ".repeat(MiB / 12) })],
    ["2,000 brace words; cat .env (issue 15)", bash(`${word.repeat(2000)}; cat .env`)],
    ["4 MiB of brace words", bash(`${word.repeat(40_000)}; cat .env`)],
    [
      "300,000 names in one word",
      bash(`git commit -m '${Array.from({ length: 300_000 }, (_, i) => `p/${i}`).join(" ")}'`),
    ],
    ["200,000 here-document substitutions", bash(`cat <<EOF\n${"line $(x) `y`\n".repeat(200_000)}EOF`)],
    ["90,000 MCP paths", call("mcp__x__y", { a: Array.from({ length: 90_000 }, (_, i) => `/p/${i}`) })],
    ["a variable doubled 60 times", bash(`a=xxxxxxxx; ${"a=$a$a; ".repeat(60)}cat $a`)],
    ["printf pieces fed to sh through eval (issue 27)", bash(`eval "$(printf 'cat .e%snv' '')"`)],
    [
      "2,000 assignments then a read",
      bash(`${Array.from({ length: 2000 }, (_, i) => `v${i}=$v${i + 1}x; `).join("")}cat $v0`),
    ],
    ["JSON nested 2,000,000 deep", `${"[".repeat(2_000_000)}${"]".repeat(2_000_000)}`],
  ];
}

interface Sample {
  wallMs: number;
  status: number | null;
}

function measure(input: string): Sample {
  const started = performance.now();
  const run = spawnSync(process.execPath, [guard], { input, stdio: ["pipe", "ignore", "ignore"] });
  return { wallMs: performance.now() - started, status: run.status };
}

interface Verdict {
  decision: "allow" | "ask" | "block";
}

/** How many ordinary calls the guard asks about or blocks; each one is listed. */
async function falsePositives(): Promise<void> {
  const corpus = ordinaryCorpus();
  const project = ordinaryProject(corpus);
  process.env.HOME = join(project, "home");
  try {
    const guardModule = pathToFileURL(join(packageRoot, "assets", "hooks", "agentc-guard.mjs")).href;
    const { decide } = (await import(guardModule)) as { decide(payload: unknown): Verdict };
    const refused = corpus.cases.filter(
      (entry) => decide(ordinaryPayload(entry, project)).decision !== "allow",
    );
    const share = ((100 * refused.length) / corpus.cases.length).toFixed(2);
    console.log(
      `\nfalse positives: ${refused.length} of ${corpus.cases.length} ordinary calls asked or blocked (${share} %; the bound is 1 %)`,
    );
    for (const entry of refused)
      console.log(`- ${entry.client}: ${JSON.stringify(entry.payload).slice(0, 140)}`);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

function main(): void {
  const dir = project();
  console.log(
    `agentc-guard: ${runs} runs per case; deadline ${guardTimeoutMs} ms; ${cpus().length} cores, load ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log("| case | input | exit | median ms | slowest ms |");
  console.log("|---|---|---|---|---|");
  try {
    for (const [name, input] of cases(dir)) {
      const samples = Array.from({ length: runs }, () => measure(input));
      const walls = samples.map((s) => s.wallMs).sort((a, b) => a - b);
      const median = walls[Math.floor(walls.length / 2)] ?? 0;
      const slowest = walls.at(-1) ?? 0;
      const size =
        input.length >= MiB
          ? `${(input.length / MiB).toFixed(1)} MiB`
          : `${Math.ceil(input.length / 1024)} KiB`;
      console.log(
        `| ${name} | ${size} | ${samples[0]?.status} | ${Math.round(median)} | ${Math.round(slowest)} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
await falsePositives();
