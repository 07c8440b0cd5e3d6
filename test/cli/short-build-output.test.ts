import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** 10 rules, 2 skills, 1 agent, 1 command, permissions, a hook, two MCP servers, 6 assistants chosen. */
const realistic = join(packageRoot, "test", "fixtures", "realistic");

function copy(extra: object = {}): string {
  const dir = testdir();
  cpSync(realistic, dir, { recursive: true });
  const file = join(dir, "targets.json");
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), ...extra }, null, 2));
  return dir;
}

const lines = (text: string) => text.split("\n").filter((l) => l !== "");

describe("build: hear only what matters (issue 12, point 2)", () => {
  it("a realistic registry with 6 assistants prints at most 25 lines, one per client with losses", async () => {
    const dir = copy();
    const result = await runAgentc(["build", dir]);
    assert.equal(result.status, 0, result.stderr);
    const out = lines(result.stdout);
    assert.ok(out.length <= 25, `printed ${out.length} lines:\n${result.stdout}`);
    assert.doesNotMatch(result.stdout, /AGC080/);
    for (const client of ["claude-code", "codex", "cursor", "gemini-cli", "github-copilot", "windsurf"])
      assert.match(result.stdout, new RegExp(`^  ${client}: +\\d+ promises? it cannot keep$`, "m"));
    assert.match(result.stdout, /'agentc matrix' and CAPABILITIES\.md list them/);
    assert.doesNotMatch(result.stdout, /amazon-q|junie|warp|roo-code/);
  });

  it("an error and a warning the author must decide are among the short lines, errors first and in full", async () => {
    const dir = copy();
    writeFileSync(
      join(dir, "rules", "broken.md"),
      '---\nscope: scoped\nglobs: ["src/["]\ndescription: Broken.\n---\n# Broken\n\nx\n',
    );
    writeFileSync(
      join(dir, "rules", "empty.md"),
      "---\nscope: global\ndescription: Nothing yet.\n---\n# Empty\n",
    );
    const result = await runAgentc(["build", dir]);
    assert.equal(result.status, 1);
    const out = lines(result.stdout);
    assert.ok(out.length <= 25, result.stdout);
    assert.match(out[0] ?? "", /rules\/broken\.md:\d+:\d+: error AGC036/);
    assert.match(out[1] ?? "", /^ {2}hint: /);
    const warning = out.findIndex((l) => /rules\/empty\.md:\d+:\d+: warning AGC037/.test(l));
    assert.ok(warning > 1, result.stdout);
    assert.match(out[warning + 1] ?? "", /^ {2}hint: /);
  });

  it("--verbose lists every loss in full; --format json lists each with its client and promise", async () => {
    const dir = copy();
    const verbose = await runAgentc(["build", dir, "--verbose"]);
    const full = (verbose.stdout.match(/warning AGC080/g) ?? []).length;
    assert.ok(full > 25, verbose.stdout);
    const json = JSON.parse((await runAgentc(["build", dir, "--format", "json"])).stdout);
    const losses = json.diagnostics.filter((d: { loss?: unknown }) => d.loss);
    assert.ok(losses.length >= full);
    assert.ok(
      losses.every((d: { loss: { client: string; promise: string } }) => d.loss.client && d.loss.promise),
    );
  });

  it("--format github annotates every loss, as a notice, not as a warning on the author's file", async () => {
    const result = await runAgentc(["check", copy(), "--format", "github"]);
    const notices = result.stdout
      .split("\n")
      .filter((l) => l.startsWith("::notice ") && l.includes("title=AGC080"));
    assert.ok(notices.length > 25, result.stdout);
    assert.doesNotMatch(result.stdout, /^::warning .*title=AGC080/m);
  });

  it("a long list of warnings the author must act on still ends with a count per check", async () => {
    const dir = copy();
    for (let i = 0; i < 12; i++)
      writeFileSync(
        join(dir, "rules", `empty-${i}.md`),
        `---\nscope: global\ndescription: None.\n---\n# Empty ${i}\n`,
      );
    const result = await runAgentc(["check", dir]);
    assert.match(result.stdout, /^by check: AGC037 x12 \(agentc explain <id> says what each one means\)$/m);
  });

  it("--quiet prints nothing when there is no error", async () => {
    const result = await runAgentc(["build", copy(), "--quiet"]);
    assert.equal(result.status, 0);
    assert.equal(result.stdout.trim(), "");
  });

  it("an accepted loss is not counted, is marked accepted in the matrix and JSON, and --strict fails on the rest", async () => {
    const accepted_losses = [
      {
        check: "AGC080",
        client: "windsurf",
        promise: "MCP server *",
        reason: "Windsurf users add MCP servers in its own settings.",
      },
    ];
    const dir = copy({ accepted_losses });
    const before = (await runAgentc(["build", copy()])).stdout.match(/^ {2}windsurf: +(\d+)/m)?.[1];
    const result = await runAgentc(["build", dir]);
    assert.equal(result.status, 0, result.stdout);
    const after = result.stdout.match(
      /^ {2}windsurf: +(\d+) promises it cannot keep \(\+2 accepted\)$/m,
    )?.[1];
    assert.equal(Number(after), Number(before) - 2, result.stdout);
    const matrix = readFileSync(join(dir, "build", "CAPABILITIES.md"), "utf8");
    assert.match(matrix, /\| MCP server "docs" \(http\) \|.*\| cannot \(accepted\) \[\d+\] \|/);
    assert.match(matrix, /Accepted by the registry: Windsurf users add MCP servers in its own settings\./);
    const json = JSON.parse((await runAgentc(["build", dir, "--format", "json"])).stdout);
    const marked = json.diagnostics.filter((d: { loss?: { accepted?: string } }) => d.loss?.accepted);
    assert.equal(marked.length, 2);
    const strict = await runAgentc(["build", dir, "--strict"]);
    assert.equal(strict.status, 1);
    assert.match(strict.stdout, /error AGC080/);
    assert.doesNotMatch(strict.stdout, /error AGC080 Devin Desktop \/ Windsurf cannot express: MCP server/);
  });

  it("matrix --check passes once every loss is accepted, and marks each cannot cell accepted", async () => {
    const accepted_losses = [
      { check: "AGC080", client: "*", reason: "The team reviews these limits each release." },
    ];
    const dir = copy({ accepted_losses });
    const open = await runAgentc(["matrix", copy(), "--check"]);
    assert.equal(open.status, 1);
    const result = await runAgentc(["matrix", dir, "--check"]);
    assert.equal(result.status, 0, result.stderr);
    assert.doesNotMatch(result.stdout, /\| cannot \[/);
    assert.match(result.stdout, /\| cannot \(accepted\) \[\d+\]/);
    assert.equal(result.stderr, "");
  });

  it("targets.json strict_losses makes open losses errors, as --strict does", async () => {
    const result = await runAgentc(["build", copy({ strict_losses: true })]);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /^.*error AGC080 .*\n {2}hint: Strict mode/m);
  });

  it("an accepted loss that matches nothing is a warning (AGC131)", async () => {
    const accepted_losses = [
      { check: "AGC080", client: "cursor", promise: "no such promise", reason: "A typo in the promise." },
    ];
    const result = await runAgentc(["build", copy({ accepted_losses })]);
    assert.match(result.stdout, /targets\.json:\d+:\d+: warning AGC131 accepted_losses\[0\]/);
  });

  it("a fresh init with chosen assistants, then build, says nothing about the others", async () => {
    const dir = join(testdir(), "reg");
    const init = await runAgentc(["init", dir, "--assistants", "claude-code,cursor"]);
    assert.equal(init.status, 0, init.stderr);
    const build = await runAgentc(["build", dir]);
    assert.equal(build.status, 0, build.stdout);
    assert.doesNotMatch(build.stdout, /Amazon Q|Junie|Roo|Warp|amazon-q|junie|roo-code|warp/);
    assert.doesNotMatch(build.stdout, /serves every built-in assistant/);
    // AGENTS.md leaves the scoped rule out, but both chosen assistants get it from their own format
    assert.doesNotMatch(build.stdout, /agents-md/);
    const json = JSON.parse((await runAgentc(["build", dir, "--format", "json"])).stdout);
    const covered = json.diagnostics.filter((d: { id: string }) => d.id === "AGC029");
    assert.equal(covered.length, 1);
    assert.match(covered[0].loss.accepted, /\(claude-code, cursor\) gets it from a format of its own/);
  });

  it("a format's lost scoped rule stays a limit, counted under the chosen assistants that have no other format for it", async () => {
    const dir = join(testdir(), "reg");
    await runAgentc(["init", dir, "--assistants", "claude-code,codex,gemini-cli"]);
    const build = await runAgentc(["build", dir]);
    const limits = lines(build.stdout).filter((l) => /promises? it cannot keep/.test(l));
    // AGENTS.md and Gemini's own format both leave the rule out: one loss for gemini-cli, one for codex
    assert.deepEqual(limits, [
      "  codex:      1 promise it cannot keep",
      "  gemini-cli: 1 promise it cannot keep",
    ]);
    assert.match(build.stdout, /, 2 client limit\(s\);/);
    const verbose = (await runAgentc(["build", dir, "--verbose"])).stdout;
    assert.match(
      verbose,
      /not written for agents-md \(AGENTS\.md\): .*; codex, gemini-cli have no other format for it$/m,
    );
    const json = JSON.parse((await runAgentc(["build", dir, "--format", "json"])).stdout);
    const agentsMd = json.diagnostics.find(
      (d: { loss?: { client: string } }) => d.loss?.client === "agents-md",
    );
    assert.deepEqual(agentsMd.loss.assistants, ["codex", "gemini-cli"]);
  });

  it("a registry naming no assistant says in one line how to narrow it", async () => {
    const dir = join(testdir(), "reg");
    await runAgentc(["init", dir]);
    const build = await runAgentc(["build", dir]);
    const notes = lines(build.stdout).filter((l) => l.includes("every built-in assistant"));
    assert.equal(notes.length, 1);
    assert.match(notes[0] ?? "", /targets\.json "assistants"/);
  });
});
