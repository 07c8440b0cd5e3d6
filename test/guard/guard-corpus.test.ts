import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { decideInProcess, runGuardProcess } from "../support/guard-process.js";
import { testdir } from "../support/testdir.js";

/** test/fixtures/guard-corpus.json: every known bypass of the guard, and the near misses that must pass. */
interface CorpusCase {
  name: string;
  issue: string;
  payload: Record<string, unknown>;
  expect: "block" | "ask" | "allow";
  reason?: string;
}
interface Corpus {
  project: Record<string, string>;
  cases: CorpusCase[];
}

const corpus = JSON.parse(
  readFileSync(join(packageRoot, "test", "fixtures", "guard-corpus.json"), "utf8"),
) as Corpus;
const project = testdir(corpus.project);
const home = { HOME: join(project, "home") };

/** A marker JSON.stringify keeps, replaced by the nested text it stands for afterwards. */
const nestMarker = (depth: number) => `\u0000nest:${depth}\u0000`;

/** The corpus' small generators: $repeat, $concat, $nest, $project (see the file's $comment). */
function materialize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(materialize);
  if (typeof value !== "object" || value === null) return value;
  const node = value as Record<string, unknown>;
  if ("$repeat" in node) return String(node.$repeat).repeat(Number(node.times));
  if ("$concat" in node) return (node.$concat as unknown[]).map(materialize).join("");
  if ("$nest" in node) return nestMarker(Number(node.$nest));
  if ("$project" in node) return `${project}${String(node.$project)}`;
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, materialize(child)]));
}

function payloadText(entry: CorpusCase): string {
  const payload = { cwd: project, hook_event_name: "PreToolUse", ...(materialize(entry.payload) as object) };
  return JSON.stringify(payload).replace(/"\\u0000nest:(\d+)\\u0000"/g, (_, depth: string) => {
    const n = Number(depth);
    return `${"[".repeat(n)}${"]".repeat(n)}`;
  });
}

/** The classes of issue 27's trial (names built when the command runs, and tool-call spellings). */
const issue27 = [
  "read and printf -v",
  "parameter operators",
  "substitution output",
  "text fed to a shell",
  "ANSI-C quotes and globs",
  "function arguments",
  "cd",
  "interpreters and file URLs",
  "sed e",
  "arrays and exports",
  "curl -F and friends",
  "names read at run time",
  "variants",
  "Grep glob",
  "file URLs",
  "near miss",
].map((part) => `27.3 ${part}`);

/**
 * Every case is decided in-process by the guard's own decide(); the first case of each expected decision
 * (block, ask, allow) also goes through the real guard process, as a client runs it (stdin, exit code,
 * stderr, and --ask's answer). AGENTC_GUARD_CORPUS=process (npm run test:guard-corpus) sends every case
 * through the process.
 */
const everyCaseThroughProcess = process.env.AGENTC_GUARD_CORPUS === "process";
const sampled = new Set<CorpusCase>();
const seen = new Set<string>();
for (const entry of corpus.cases) {
  const key = entry.expect;
  if (everyCaseThroughProcess || !seen.has(key)) sampled.add(entry);
  seen.add(key);
}

describe("the guard's adversarial corpus, decided by the guard's module", () => {
  for (const entry of corpus.cases) {
    it(`${entry.expect}s: ${entry.name}`, async () => {
      const { decision, reason } = await decideInProcess(payloadText(entry), home);
      const said = `${decision}: ${reason.slice(0, 600)}`;
      if (entry.issue === "15.1" && decision === "block" && /^no decision within \d+ ms/.test(reason)) return;
      assert.equal(decision, entry.expect, said);
      if (entry.reason) assert.match(reason.replace(/\s+/g, " "), new RegExp(entry.reason), said);
    });
  }
});

describe("the guard's adversarial corpus, through the real guard process", { concurrency: 4 }, () => {
  it("has a case for every bypass of issues 15 and 27 and near misses beside them", () => {
    const issues = new Set(corpus.cases.map((entry) => entry.issue));
    for (const part of ["15.1", "15.2 Grep glob", "15.2 text fed to a shell", "15.2 sequence braces"])
      assert.ok(issues.has(part), `the corpus covers ${part}`);
    for (const part of ["15.2 /proc", "15.2 MCP strings", "15.3 matcher", "near miss", ...issue27])
      assert.ok(issues.has(part), `the corpus covers ${part}`);
    const names = corpus.cases.map((entry) => entry.name);
    assert.equal(new Set(names).size, names.length, "case names are unique");
  });

  for (const entry of sampled) {
    it(`${entry.expect}s: ${entry.name}`, async () => {
      const run = await runGuardProcess(payloadText(entry), home);
      const said = `exit ${run.status}, stderr: ${run.stderr.slice(0, 600)}`;
      if (entry.expect === "allow") {
        assert.equal(run.status, 0, said);
        assert.equal(run.stdout, "", "an allowed call prints nothing");
        return;
      }
      assert.equal(run.status, 2, said);
      assert.match(run.stderr, /^agentc-guard blocked this call: .+\n$/);
      assert.ok(run.stderr.length < 700, "a block reason is one short line, whatever the input's size");
      // Issue 15's heavy inputs stop at a bound; on a machine loaded past its cores the deadline may
      // come first, which blocks just the same (the property test bounds the time).
      if (entry.issue === "15.1" && /blocked this call: no decision within \d+ ms/.test(run.stderr)) return;
      if (entry.reason) assert.match(run.stderr, new RegExp(entry.reason), said);
      const unsure = /blocked this call: it cannot tell which files this reads: /.test(run.stderr);
      assert.equal(unsure, entry.expect === "ask", `a ${entry.expect} says so: ${said}`);
      if (entry.expect === "ask") await assertAsks(entry);
    });
  }
});

/** With --ask, a Claude Code PreToolUse payload the guard cannot judge gets an "ask" answer, exit 0. */
async function assertAsks(entry: CorpusCase): Promise<void> {
  const run = await runGuardProcess(payloadText(entry), home, ["--fail-closed", "--ask"]);
  assert.equal(run.status, 0, `with --ask: exit ${run.status}, ${run.stderr}`);
  assert.equal(run.stderr, "");
  const answer = JSON.parse(run.stdout) as {
    hookSpecificOutput: {
      hookEventName: string;
      permissionDecision: string;
      permissionDecisionReason: string;
    };
  };
  assert.equal(answer.hookSpecificOutput.hookEventName, "PreToolUse");
  assert.equal(answer.hookSpecificOutput.permissionDecision, "ask");
  assert.match(
    answer.hookSpecificOutput.permissionDecisionReason,
    /^agentc-guard cannot tell whether this call reads a secret: /,
  );
}
