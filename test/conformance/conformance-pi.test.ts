import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { buildAndInstall, clientSandbox, requireClient, writtenFor } from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { clientSession, describeSession, mainRequest } from "../support/loopback/client-session.js";
import { expectedLoads, occurrences } from "../support/loopback/expected-loads.js";
import { plainClientRegistry } from "../support/plain-fixture.js";

const pack = "pi";

/** Pi's user models file naming the stand-in as an OpenAI-compatible provider (docs/models.md). */
const models = JSON.stringify({
  providers: {
    loopback: {
      baseUrl: "{base}/v1",
      api: "openai-completions",
      apiKey: "loopback",
      compat: { supportsDeveloperRole: false },
      models: [{ id: "gpt-test" }],
    },
  },
});

/** `pi -p <prompt>` in the project against a stand-in OpenAI chat API; PI_OFFLINE keeps its start offline. */
function piSession(program: string[], project: string, prompt: string) {
  const sandbox = clientSandbox();
  const agentDir = join(sandbox.home, ".pi", "agent");
  return clientSession({
    api: "openai-chat",
    cwd: project,
    env: { ...(sandbox.env as Record<string, string>), PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1" },
    files: { [join(agentDir, "models.json")]: models },
    steps: [{ program, args: ["--provider", "loopback", "--model", "gpt-test", "-p", prompt] }],
    timeoutMs: 90_000,
  });
}

/** The system prompt's <available_skills> names. */
function offeredSkills(body: string): string[] {
  const system = (JSON.parse(body) as { messages: { role: string; content: unknown }[] }).messages.find(
    (m) => m.role === "system",
  );
  const text = typeof system?.content === "string" ? system.content : "";
  return [...text.matchAll(/<skill>\s*<name>([^<]+)<\/name>/g)].map((m) => m[1] ?? "");
}

/** The text of the first request's last user message (a prompt template or skill, expanded). */
function userText(body: string): string {
  const messages = (JSON.parse(body) as { messages: { role: string; content: unknown }[] }).messages;
  const last = messages.filter((m) => m.role === "user").at(-1)?.content;
  return typeof last === "string" ? last : JSON.stringify(last);
}

/**
 * The pinned Pi CLI in real sessions on the project agentc installed, against a stand-in for an
 * OpenAI-compatible API on loopback: what its read model says Pi loads reaches the model.
 */
describe("Pi: sessions on the installed project", () => {
  it("carries AGENTS.md once and offers every skill of .pi/skills the model may start", async (t) => {
    const program = requireClient(t, "pi");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const record = await piSession(program, installed.project, "say OK");
    assert.equal(record.status, 0, describeSession(record));
    const body = mainRequest(record);
    const expected = expectedLoads(pack, installed.project, ["skill"]);
    assert.ok(expected.texts.length >= 1, "AGENTS.md");
    for (const text of expected.texts)
      assert.equal(occurrences(body, text.marker), 1, `${text.what}\n${describeSession(record)}`);
    for (const item of expected.items)
      assert.equal(occurrences(body, item.marker), 1, `${item.what}\n${describeSession(record)}`);
    const skills = writtenFor(installed, pack, "skill").filter((f) => f.path.endsWith("/SKILL.md"));
    const forModel = skills.filter(
      (f) => !f.bytes.toString("utf8").includes("disable-model-invocation: true"),
    );
    assert.ok(forModel.length > 0 && forModel.length < skills.length, "skills for the model and for people");
    assert.deepEqual(
      offeredSkills(body).sort(),
      forModel.map((f) => f.client?.name ?? "").sort(),
      describeSession(record),
    );
  });

  it("runs each prompt template of .pi/prompts as /<name>, and a person-only skill as /skill:<name>", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "pi");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const commands = writtenFor(installed, pack, "command");
    assert.ok(commands.length > 0);
    for (const command of commands) {
      const name = command.client?.name ?? "";
      const record = await piSession(program, installed.project, `/${name} ARGMARKER`);
      assert.equal(record.status, 0, describeSession(record));
      const sent = userText(mainRequest(record));
      const text = readFileSync(join(installed.project, command.path), "utf8");
      const body = text
        .slice(text.indexOf("\n---\n") + 5)
        .trim()
        .replaceAll("$ARGUMENTS", "ARGMARKER");
      assert.ok(
        sent.includes(JSON.stringify(body).slice(1, -1)),
        `/${name} sent its body, arguments filled\n${sent}`,
      );
    }
    const hidden = writtenFor(installed, pack, "skill").find((f) =>
      f.bytes.toString("utf8").includes("disable-model-invocation: true"),
    );
    assert.ok(hidden, "a skill only people start");
    const record = await piSession(program, installed.project, `/skill:${hidden.client?.name} unit`);
    assert.equal(record.status, 0, describeSession(record));
    assert.ok(
      userText(mainRequest(record)).includes(hidden.path.replace("/SKILL.md", "")),
      describeSession(record),
    );
  });

  it("drops a skill without a description (the CLI reads the frontmatter agentc writes)", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "pi");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const skill = writtenFor(installed, pack, "skill").find(
      (f) => f.path.endsWith("/SKILL.md") && !f.bytes.toString("utf8").includes("disable-model-invocation"),
    );
    assert.ok(skill);
    const file = join(installed.project, skill.path);
    const original = readFileSync(file, "utf8");
    t.after(() => writeFileSync(file, original));
    writeFileSync(file, original.replace(/^description: .*\n/m, ""));
    const record = await piSession(program, installed.project, "say OK");
    assert.equal(record.status, 0, describeSession(record));
    assert.ok(
      !offeredSkills(mainRequest(record)).includes(skill.client?.name ?? ""),
      describeSession(record),
    );
  });
});
