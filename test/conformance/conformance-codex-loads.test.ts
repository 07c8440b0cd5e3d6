import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import {
  buildAndInstall,
  type ClientSandbox,
  clientSandbox,
  describeRun,
  requireClient,
  runClient,
} from "../support/clients-cli.js";
import { appServerRequest } from "../support/codex-app-server.js";
import { expectedLoads, occurrences } from "../support/loopback/expected-loads.js";
import { plainClientRegistry } from "../support/plain-fixture.js";
import { testdir } from "../support/testdir.js";

const pack = "codex";

/** A sandbox whose Codex trusts the project: it reads project hooks only then. */
function trusting(project: string): ClientSandbox {
  const sandbox = clientSandbox();
  writeFileSync(
    join(sandbox.codexHome, "config.toml"),
    `[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"\n`,
  );
  return sandbox;
}

interface ListedHook {
  eventName: string;
  command?: string;
  trustStatus: string;
  sourcePath?: string;
}

/** The hooks Codex lists for a folder (app-server hooks/list), and the warnings it gave. */
async function hooksIn(program: string[], project: string): Promise<{ hooks: ListedHook[]; raw: string }> {
  const answer = await appServerRequest(program, project, trusting(project), "hooks/list", {
    cwds: [project],
  });
  const raw = JSON.stringify(answer);
  const found = JSON.stringify(answer.result ?? {}).match(/\{[^{}]*"eventName"[^{}]*\}/g) ?? [];
  return { hooks: found.map((h) => JSON.parse(h) as ListedHook), raw };
}

describe("Codex: what the pinned CLI loads from the installed project", () => {
  it("refuses a hooks.json with a $schema key (the check can fail)", async (t) => {
    const program = requireClient(t, "codex");
    if (!program) return;
    const project = testdir({
      ".codex/hooks.json": JSON.stringify({
        $schema: "https://example.com/hooks.json",
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] },
      }),
    });
    const { hooks, raw } = await hooksIn(program, project);
    assert.deepEqual(hooks, [], raw);
    assert.match(raw, /unknown field `\$schema`/, raw);
  });

  it("lists every hook agentc wrote to .codex/hooks.json, untrusted until the person trusts it", async (t) => {
    const program = requireClient(t, "codex");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const file = JSON.parse(readFileSync(join(installed.project, ".codex", "hooks.json"), "utf8")) as {
      hooks: Record<string, { hooks: unknown[] }[]>;
    };
    const written = Object.entries(file.hooks).flatMap(([event, groups]) =>
      groups.flatMap((g) => g.hooks.map(() => event)),
    );
    const { hooks, raw } = await hooksIn(program, installed.project);
    assert.equal(hooks.length, written.length, raw);
    assert.doesNotMatch(raw, /failed to parse hooks config/, raw);
    assert.ok(
      hooks.every((h) => h.trustStatus === "untrusted"),
      raw,
    );
  });

  it("lists a session_end hook as SessionEnd (0.171 has the event; the pack maps it)", async (t) => {
    const program = requireClient(t, "codex");
    if (!program) return;
    const registry = join(testdir({}, "agentc-codex-end-"), "registry");
    cpSync(plainClientRegistry(), registry, { recursive: true });
    const hooksFile = join(registry, "core", "hooks.json");
    const core = JSON.parse(readFileSync(hooksFile, "utf8")) as { hooks: object[] };
    core.hooks.push({ event: "session_end", command: "git status --short" });
    writeFileSync(hooksFile, JSON.stringify(core));
    const installed = await buildAndInstall(registry, [pack]);
    const { hooks, raw } = await hooksIn(program, installed.project);
    assert.ok(
      hooks.some((h) => /^session_?end$/i.test(h.eventName) && h.command === "git status --short"),
      raw,
    );
  });

  it("lists each skill of .agents/skills once", async (t) => {
    const program = requireClient(t, "codex");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const answer = await appServerRequest(program, installed.project, clientSandbox(), "skills/list", {
      cwds: [installed.project],
    });
    const raw = JSON.stringify(answer.result ?? answer.error);
    const expected = expectedLoads(pack, installed.project, ["skill"]).items;
    assert.ok(expected.length >= 3, raw);
    for (const skill of expected) assert.equal(occurrences(raw, skill.marker), 1, `${skill.what}\n${raw}`);
  });

  it("puts AGENTS.md into the model's input once (codex debug prompt-input)", async (t) => {
    const program = requireClient(t, "codex");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    // The registry denies reads of .env: Codex's sandbox mounts an empty file over that path to read
    // AGENTS.md, and where the project has none, bubblewrap now and then fails to make the mount point
    // ("Can't bind mount … project/.env") under load (docs/clients.md, Codex). A project denying .env has one.
    writeFileSync(join(installed.project, ".env"), "API_TOKEN=not-a-secret\n");
    const run = await runClient(program, ["debug", "prompt-input", "hi"], {
      cwd: installed.project,
      sandbox: trusting(installed.project),
    });
    assert.equal(run.status, 0, describeRun(run));
    const texts = expectedLoads(pack, installed.project, []).texts;
    assert.ok(texts.length > 0);
    for (const text of texts)
      assert.equal(occurrences(run.stdout, text.marker), 1, `${text.what}\n${describeRun(run)}`);
  });
});
