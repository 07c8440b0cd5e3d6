import assert from "node:assert/strict";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import {
  buildAndInstall,
  describeRun,
  requireClient,
  runClient,
  writtenServers,
} from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { describeSession, mainRequest } from "../support/loopback/client-session.js";
import {
  copilotSession as session,
  trustingCopilot as trusting,
} from "../support/loopback/copilot-session.js";
import { expectedLoads, occurrences } from "../support/loopback/expected-loads.js";
import type { SessionRecord } from "../support/loopback/session-runner.js";
import { plainClientRegistry } from "../support/plain-fixture.js";

const pack = "github-copilot";

const allBodies = (record: SessionRecord) => record.requests.map((r) => r.body).join("\n");
const secret = "AKIA4EXAMPLESECRETKEY";

describe("GitHub Copilot CLI: what it loads from the installed project", () => {
  it("lists every instruction file the read model names (copilot instruction list)", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "copilot");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const run = await runClient(program, ["instruction", "list"], {
      cwd: installed.project,
      sandbox: trusting(installed.project),
    });
    assert.equal(run.status, 0, describeRun(run));
    const rules = (installed.compiled.tree?.files ?? []).filter(
      (f) => f.client?.client === pack && f.client.kind === "rule",
    );
    assert.ok(rules.length > 0);
    for (const path of ["AGENTS.md", ...rules.map((f) => f.path)])
      assert.ok(run.stdout.includes(path), `${path}\n${describeRun(run)}`);
  });

  it("lists every skill once (copilot skill list)", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "copilot");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const run = await runClient(program, ["skill", "list"], {
      cwd: installed.project,
      sandbox: trusting(installed.project),
    });
    assert.equal(run.status, 0, describeRun(run));
    const skills = (installed.compiled.tree?.files ?? []).filter(
      (f) => f.client?.client === pack && f.client.kind === "skill",
    );
    for (const skill of skills)
      assert.equal(
        run.stdout.split(`${skill.client?.name} `).length - 1,
        1,
        `${skill.path}\n${describeRun(run)}`,
      );
  });

  it("puts AGENTS.md, the always-on rules, the skills and agents into a session, each text once", async (t) => {
    const program = requireClient(t, "copilot");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const record = await session(program, installed.project);
    assert.equal(record.status, 0, describeSession(record));
    const body = mainRequest(record);
    const expected = expectedLoads(pack, installed.project, ["skill", "agent"]);
    for (const text of expected.texts)
      assert.equal(occurrences(body, text.marker), 1, `${text.what}\n${describeSession(record)}`);
    assert.ok(expected.items.length >= 4);
    for (const item of expected.items)
      assert.ok(occurrences(body, item.marker) >= 1, `${item.what} reached the model`);
  });

  it("runs the guard agentc wired into .github/hooks: a shell read of .env is blocked (and runs without it)", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "copilot");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    writeFileSync(join(installed.project, ".env"), `AWS_ACCESS_KEY_ID=${secret}\n`);
    const read = { name: "bash", input: { command: "cat .env", description: "Read the env file" } };
    const guarded = await session(program, installed.project, read);
    assert.ok(guarded.requests.length >= 2, `the tool call was answered\n${describeSession(guarded)}`);
    assert.ok(
      !allBodies(guarded).includes(secret),
      `the guard kept the secret from the model\n${describeSession(guarded)}`,
    );
    rmSync(join(installed.project, ".github", "hooks", "agentc.json"));
    const open = await session(program, installed.project, read);
    rmSync(join(installed.project, ".env"));
    assert.ok(
      allBodies(open).includes(secret),
      `without the hook the same call reads it\n${describeSession(open)}`,
    );
  });

  it("reads Claude Code's .mcp.json, not .vscode/mcp.json: MCP servers reach the CLI through Claude Code's file", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "copilot");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), ["claude-code", pack]);
    const run = await runClient(program, ["mcp", "list"], {
      cwd: installed.project,
      sandbox: trusting(installed.project),
    });
    assert.equal(run.status, 0, describeRun(run));
    for (const server of writtenServers(installed, "claude-code"))
      assert.match(run.stdout, new RegExp(`\\b${server.name}\\b`), describeRun(run));
    const [first] = writtenServers(installed, "claude-code");
    const source = await runClient(program, ["mcp", "get", first?.name ?? ""], {
      cwd: installed.project,
      sandbox: trusting(installed.project),
    });
    assert.match(source.stdout, /Source: Workspace \(.*\/\.mcp\.json\)/, describeRun(source));
  });
});
