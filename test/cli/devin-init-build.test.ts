import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse as parseJsonc } from "jsonc-parser";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** `agentc init --assistants devin`, a core/ skill and permissions, a build and an install: Devin's own files. */
describe("agentc init --assistants devin, then build and install", () => {
  it("writes .devin/skills, .devin/config.json permissions and the guard's hook", async () => {
    const root = testdir({}, "agentc-devin-init-");
    const registry = join(root, "reg");
    const init = await runAgentc(["init", registry, "--assistants", "devin"]);
    assert.equal(init.status, 0, init.stdout + init.stderr);
    assert.deepEqual(JSON.parse(readFileSync(join(registry, "targets.json"), "utf8")).assistants, ["devin"]);
    mkdirSync(join(registry, "core/skills/review"), { recursive: true });
    writeFileSync(
      join(registry, "core/skills/review/SKILL.md"),
      "---\nname: review\ndescription: Reviews the change.\ntools: [read, grep]\ntriggers: [user]\n---\nReview it.\n",
    );
    writeFileSync(
      join(registry, "core/permissions.json"),
      `${JSON.stringify({ version: 1, allow: [{ verb: "exec", commands: ["npm test"] }], deny: [{ verb: "read", paths: [".env"] }] }, null, 2)}\n`,
    );
    const out = join(root, "out");
    const built = await runAgentc(["build", registry, "--out", out]);
    assert.equal(built.status, 0, built.stdout + built.stderr);
    assert.equal(
      readFileSync(join(out, ".devin/skills/review/SKILL.md"), "utf8"),
      '---\nname: review\ndescription: Reviews the change.\nallowed-tools:\n  - "read"\n  - "grep"\ntriggers:\n  - "user"\n---\nReview it.\n',
    );
    const project = testdir({ "src/app.ts": "export {};\n" });
    const installed = await runAgentc(["install", out, "--project", project, "--yes"]);
    assert.equal(installed.status, 0, installed.stdout + installed.stderr);
    const config = parseJsonc(readFileSync(join(project, ".devin/config.json"), "utf8")) as {
      permissions: Record<string, string[]>;
      hooks: { PreToolUse: { matcher: string; hooks: { command: string }[] }[] };
    };
    assert.deepEqual(config.permissions, { deny: ["Read(.env)"], allow: ["Exec(npm test)"] });
    const guard = config.hooks.PreToolUse.find((h) => h.hooks[0]?.command.includes("agentc-guard.mjs"));
    assert.equal(guard?.matcher, ".*");
    assert.match(
      guard?.hooks[0]?.command ?? "",
      /^node "\$DEVIN_PROJECT_DIR\/\.devin\/hooks\/agentc-guard\.mjs"/,
    );
    assert.ok(readFileSync(join(project, "AGENTS.md"), "utf8").length > 0, "AGENTS.md, which Devin reads");
  });
});
