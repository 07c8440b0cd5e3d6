import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { buildAndInstall, clientSandbox, requireClient, writtenServers } from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { describeSession } from "../support/loopback/client-session.js";
import { geminiSession } from "../support/loopback/gemini-session.js";
import { plainClientRegistry } from "../support/plain-fixture.js";

const pack = "gemini-cli";
const prompt = "say hello to the stand-in";
const marker = "prompt-hook-ran";

/**
 * The fixture's prompt_submit hook runs `node .agentc/guard.mjs --prompt`, a program of the registry's
 * own that the fixture does not ship; this stand-in leaves a marker and blocks (exit 2).
 */
const blockingPromptHook = [
  'import { writeFileSync } from "node:fs";',
  'if (process.argv.includes("--prompt")) {',
  `  writeFileSync(${JSON.stringify(marker)}, "");`,
  '  process.stderr.write("blocked by the test\'s prompt hook");',
  "  process.exit(2);",
  "}",
  "",
].join("\n");

interface HookEntry {
  hooks: { command: string }[];
}

function writtenHookCommands(project: string): string[] {
  const settings = JSON.parse(readFileSync(join(project, ".gemini", "settings.json"), "utf8")) as {
    hooks?: Record<string, HookEntry[]>;
  };
  return Object.values(settings.hooks ?? {}).flatMap((entries) =>
    entries.flatMap((entry) => entry.hooks.map((hook) => hook.command)),
  );
}

/** The hooks agentc composed into .gemini/settings.json (fact hooks), run by the pinned CLI. */
describe("Gemini CLI: the hooks agentc wrote into .gemini/settings.json", () => {
  it("names every hook command in a session, runs the prompt hook, and its exit 2 stops the prompt", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "gemini");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const project = installed.project;
    const servers = writtenServers(installed, pack).map((s) => s.name);
    mkdirSync(join(project, ".agentc"), { recursive: true });
    writeFileSync(join(project, ".agentc", "guard.mjs"), blockingPromptHook);
    const commands = writtenHookCommands(project);
    assert.ok(commands.length >= 5, "the fixture's hooks and the guard reach Gemini");
    try {
      const blocked = await geminiSession(program, clientSandbox(), project, {
        prompt,
        servers,
        hooks: true,
      });
      for (const command of commands)
        assert.ok(
          blocked.stderr.includes(`  - ${command}\n`),
          `listed: ${command}\n${describeSession(blocked)}`,
        );
      assert.match(
        blocked.stderr,
        /Agent execution blocked: blocked by the test's prompt hook/,
        describeSession(blocked),
      );
      assert.ok(existsSync(join(project, marker)), describeSession(blocked));
      assert.ok(!blocked.requests.some((r) => r.body.includes(prompt)), describeSession(blocked));
      rmSync(join(project, marker));
      const file = join(project, ".gemini", "settings.json");
      const text = readFileSync(file, "utf8");
      const { hooks: _, ...withoutHooks } = JSON.parse(text) as Record<string, unknown>;
      writeFileSync(file, `${JSON.stringify(withoutHooks, null, 2)}\n`);
      try {
        const asked = await geminiSession(program, clientSandbox(), project, {
          prompt,
          servers,
          hooks: true,
        });
        assert.equal(asked.status, 0, describeSession(asked));
        assert.ok(!existsSync(join(project, marker)), describeSession(asked));
        assert.ok(
          asked.requests.some((r) => r.body.includes(prompt)),
          describeSession(asked),
        );
      } finally {
        writeFileSync(file, text);
      }
    } finally {
      rmSync(join(project, ".agentc"), { recursive: true, force: true });
    }
  });
});
