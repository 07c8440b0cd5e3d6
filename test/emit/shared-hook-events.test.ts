import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** Issue 31 part 4: the neutral events two or more clients share, each mapped per client or reported. */
describe("hook events shared by two or more clients", () => {
  const hooks = {
    version: 1,
    hooks: [
      { event: "post_compact", command: "node scripts/after-compact.mjs" },
      { event: "permission_request", verbs: ["exec"], command: "node scripts/ask.mjs" },
      { event: "before_model", command: "node scripts/before-model.mjs" },
      { event: "after_model", command: "node scripts/after-model.mjs" },
    ],
  };

  async function built(assistants: string): Promise<{ out: string; stdout: string }> {
    const root = testdir({}, "agentc-hook-events-");
    const registry = join(root, "reg");
    const init = await runAgentc(["init", registry, "--assistants", assistants]);
    assert.equal(init.status, 0, init.stdout + init.stderr);
    mkdirSync(join(registry, "core"), { recursive: true });
    writeFileSync(join(registry, "core/hooks.json"), `${JSON.stringify(hooks, null, 2)}\n`);
    const out = join(root, "out");
    const build = await runAgentc(["build", registry, "--out", out, "--verbose"]);
    assert.equal(build.status, 0, build.stdout + build.stderr);
    const project = testdir({ "README.md": "# app\n" });
    const install = await runAgentc(["install", out, "--project", project, "--yes"]);
    assert.equal(install.status, 0, install.stdout + install.stderr);
    return { out: project, stdout: build.stdout + build.stderr };
  }

  it("Claude Code takes post_compact and permission_request (with its tool matcher), and reports the model events", async () => {
    const { out, stdout } = await built("claude-code");
    const settings = JSON.parse(readFileSync(join(out, ".claude/settings.json"), "utf8"));
    assert.match(settings.hooks.PostCompact[0].hooks[0].command, /after-compact\.mjs$/);
    assert.equal(settings.hooks.PermissionRequest[0].matcher, "Bash|PowerShell");
    assert.equal(settings.hooks.BeforeModel, undefined);
    assert.match(stdout, /AGC080[^\n]*before_model hook "node scripts\/before-model\.mjs"/);
  });

  it("Codex takes post_compact and permission_request in .codex/hooks.json, beside the guard", async () => {
    const { out } = await built("codex");
    const file = JSON.parse(readFileSync(join(out, ".codex/hooks.json"), "utf8"));
    assert.deepEqual(Object.keys(file.hooks).sort(), ["PermissionRequest", "PostCompact", "PreToolUse"]);
  });

  it("Gemini CLI takes before_model and after_model as BeforeModel and AfterModel", async () => {
    const { out, stdout } = await built("gemini-cli");
    const settings = JSON.parse(readFileSync(join(out, ".gemini/settings.json"), "utf8"));
    assert.match(settings.hooks.BeforeModel[0].hooks[0].command, /before-model\.mjs$/);
    assert.match(settings.hooks.AfterModel[0].hooks[0].command, /after-model\.mjs$/);
    assert.match(stdout, /AGC080[^\n]*post_compact hook/);
  });
});
