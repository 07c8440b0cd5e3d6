import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import {
  buildAndInstall,
  clientSandbox,
  describeRun,
  requireClient,
  runClient,
  writtenServers,
} from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { plainClientRegistry } from "../support/plain-fixture.js";

const pack = "amp";

/**
 * Amp sends every turn to its own service (ampcode.com), not to a model API a stand-in could answer, and
 * without a login it starts a browser login flow; so no session runs here. What runs offline: `amp skill
 * list` (a placeholder AMP_API_KEY gets it past the login check; it reads the project's skill folders
 * itself) and `amp mcp list --json` (the workspace settings file). Both read the files agentc installed.
 */
function amp(program: string[], args: string[], cwd: string) {
  const sandbox = clientSandbox();
  return runClient(program, args, { cwd, sandbox, env: { AMP_API_KEY: "loopback" }, timeoutMs: 60_000 });
}

/** `amp skill list`: "• <name>", its description and its file URL, per skill. */
function listedSkills(stdout: string): { name: string; description: string; source: string }[] {
  return [...stdout.matchAll(/^\s*• (\S+)\n\s+(.+)\n\s+(\S+)$/gm)].map((m) => ({
    name: m[1] ?? "",
    description: m[2] ?? "",
    source: m[3] ?? "",
  }));
}

describe("Amp: what the pinned CLI reads from the installed project", () => {
  it("amp skill list lists every skill of .agents/skills with its description", async (t) => {
    const program = requireClient(t, "amp");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const run = await amp(program, ["skill", "list"], installed.project);
    assert.equal(run.status, 0, describeRun(run));
    const listed = listedSkills(run.stdout).filter((s) => s.source.startsWith("file://"));
    const skills = (installed.compiled.tree?.files ?? []).filter(
      (f) => f.client?.client === pack && f.client.kind === "skill" && f.path.endsWith("/SKILL.md"),
    );
    assert.ok(skills.length > 0);
    assert.deepEqual(
      listed.map((s) => s.name).sort(),
      skills.map((f) => f.client?.name ?? "").sort(),
      describeRun(run),
    );
    for (const skill of skills) {
      const entry = listed.find((s) => s.name === skill.client?.name);
      assert.equal(
        entry?.source,
        `file://${join(installed.project, skill.path.replace(/\/SKILL\.md$/, ""))}`,
      );
      const description = /^description: (.*)$/m.exec(skill.bytes.toString("utf8"))?.[1] ?? "";
      assert.ok(description.startsWith(entry?.description.replace(/…$/, "") ?? "-"), describeRun(run));
    }
  });

  it("amp skill list drops a skill whose frontmatter lost its description", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "amp");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const skill = (installed.compiled.tree?.files ?? []).find(
      (f) => f.client?.client === pack && f.path.endsWith("/SKILL.md"),
    );
    assert.ok(skill);
    const file = join(installed.project, skill.path);
    const original = readFileSync(file, "utf8");
    t.after(() => writeFileSync(file, original));
    writeFileSync(file, original.replace(/^description: .*\n/m, ""));
    const run = await amp(program, ["skill", "list"], installed.project);
    const names = listedSkills(run.stdout).map((s) => s.name);
    assert.ok(!names.includes(skill.client?.name ?? ""), describeRun(run));
  });

  it("amp mcp list --json shows exactly the servers agentc wrote to .amp/settings.json", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "amp");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const run = await amp(program, ["mcp", "list", "--json"], installed.project);
    assert.equal(run.status, 0, describeRun(run));
    const listed = JSON.parse(run.stdout) as {
      name: string;
      type: string;
      source: string;
      spec: Record<string, unknown>;
    }[];
    const workspace = listed.filter((s) => s.source === "workspace");
    const servers = writtenServers(installed, pack);
    assert.ok(servers.length > 0);
    assert.deepEqual(
      workspace.map((s) => s.name).sort(),
      servers.map((s) => s.name).sort(),
      describeRun(run),
    );
    for (const server of servers) {
      const entry = workspace.find((s) => s.name === server.name);
      if (server.transport === "stdio") {
        assert.equal(entry?.type, "command");
        assert.equal(entry?.spec.command, server.command);
        assert.deepEqual(entry?.spec.args, server.args);
      } else {
        assert.equal(entry?.type, "url");
        assert.equal(entry?.spec.url, server.url);
      }
    }
  });

  it("amp permissions test --workspace decides each call as core/permissions.json says, deny first", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "amp");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const at = (path: string) => join(installed.project, path);
    const cases: { call: string[]; action: string }[] = [
      { call: ["Bash", "--cmd", "git push --force origin main"], action: "reject" },
      { call: ["Bash", "--cmd", "rm -rf build"], action: "reject" },
      { call: ["Bash", "--cmd", "git push origin main"], action: "ask" },
      { call: ["Bash", "--cmd", "npm test"], action: "allow" },
      { call: ["Bash", "--cmd", "npm test -- --watch"], action: "allow" },
      { call: ["Read", "--path", at(".env")], action: "reject" },
      { call: ["Read", "--path", at("secrets/deploy.key")], action: "reject" },
      { call: ["Read", "--path", at("src/app.ts")], action: "allow" },
      { call: ["edit_file", "--path", at(".github/workflows/ci.yml")], action: "reject" },
      { call: ["read_web_page", "--url", "https://docs.example.com/guide"], action: "allow" },
      { call: ["mcp__issues__create_issue"], action: "ask" },
    ];
    const runs = await Promise.all(
      cases.map(({ call }) =>
        amp(program, ["permissions", "test", ...call, "--workspace", "--json"], installed.project),
      ),
    );
    for (const [i, { call, action }] of cases.entries()) {
      const run = runs[i];
      assert.ok(run);
      const decision = JSON.parse(run.stdout) as { action: string; source: string };
      assert.equal(decision.action, action, `${call.join(" ")}\n${describeRun(run)}`);
      assert.equal(decision.source, "user", `${call.join(" ")} was decided by Amp's built-in rules`);
    }
  });
});
