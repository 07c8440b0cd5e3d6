import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { agentsMdAdapter, targetsWith, withBase } from "../../src/diagnostics/fixture-base.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { locate } from "../support/check-harness.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const pack = "clients/claude-code.json";

/** A registry whose own clients/<client>.json is the built-in pack with `from` (found once) changed to `to`. */
function registryWith(from: string, to: string, client = "claude-code") {
  const file = `clients/${client}.json`;
  const builtin = readFileSync(join(packageRoot, file), "utf8");
  assert.equal(builtin.split(from).length, 2, `${from} is not once in ${file}`);
  return withBase({
    "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: [client] }),
    [file]: builtin.replace(from, to),
  });
}

/** `agentc check` on the registry: its exit status and output. */
async function check(files: Record<string, string>) {
  const { status, stdout, stderr } = await runAgentc(["check", testdir(files)]);
  return { status, output: `${stdout}${stderr}` };
}

/** The pack with `from` changed to `to` fails `agentc check`: the AGC082 at `to` and its hint line. */
async function errorAt(from: string, to: string): Promise<string> {
  const files = registryWith(from, to);
  const { status, output } = await check(files);
  assert.equal(status, 1, output);
  const at = locate(files, pack, `"${to.split('"').at(-2)}"`);
  const lines = output.split("\n");
  const index = lines.findIndex((l) => l.includes(`${at.file}:${at.line}:${at.column}: error AGC082`));
  assert.ok(index >= 0, output);
  return `${lines[index]}\n${lines[index + 1]}`;
}

describe("a client pack's entry templates name only slots that are filled (AGC082)", () => {
  it("the built-in pack as a registry's own pack checks clean", async () => {
    const { status, output } = await check(registryWith('"{url}"', '"{url}"'));
    assert.equal(status, 0, output);
    assert.doesNotMatch(output, /AGC082/);
  });

  it("a misspelt MCP slot is an error at the template value, with did-you-mean and the known slots", async () => {
    const error = await errorAt('"url": "{url}"', '"url": "{ulr}"');
    assert.match(error, /"\{ulr\}" is not a slot of an MCP remote entry/);
    assert.match(error, /Did you mean "\{url\}"\? Slots of an MCP remote entry: \{url\}, .*\{headers\}/);
    assert.match(error, /Rename the slot, or write the value without braces/);
  });

  it("a slot of the other transport is unknown too: {url} in the stdio template", async () => {
    const error = await errorAt('"env": "{env}"', '"env": "{url}"');
    assert.match(error, /"\{url\}" is not a slot of an MCP stdio entry/);
    assert.doesNotMatch(error, /Did you mean/);
  });

  it("a misspelt slot deep in the hook entry template is an error at its place", async () => {
    const error = await errorAt('"{timeout}"', '"{timout}"');
    assert.match(error, /"\{timout\}" is not a slot of a hook entry/);
    assert.match(error, /Did you mean "\{timeout\}"\?/);
  });

  it("another spelling of a remote entry (remote_read) names only remote slots, and must say the transport", async () => {
    const gemini = registryWith(
      '"type": "{transport}",\n        "url": "{url}"',
      '"type": "{transport}",\n        "url": "{ulr}"',
      "gemini-cli",
    );
    const misspelt = await check(gemini);
    assert.equal(misspelt.status, 1, misspelt.output);
    assert.match(
      misspelt.output,
      /clients\/gemini-cli\.json:\d+:\d+: error AGC082 clients\/gemini-cli\.json: "\{ulr\}" is not a slot of an MCP remote entry/,
    );
    const untyped = await check(registryWith('"type": "{transport}"', '"type": "http"', "gemini-cli"));
    assert.equal(untyped.status, 1, untyped.output);
    assert.match(
      untyped.output,
      /clients\/gemini-cli\.json:\d+:\d+: error AGC082 clients\/gemini-cli\.json: this spelling of a remote entry has no "\{transport\}" slot, so import would read no entry through it/,
    );
  });

  it("a file the client also reads (also_read) is checked like the main one: its slots, and the transport", async () => {
    const misspelt = await check(registryWith('"args": "{args}"', '"args": "{arg}"', "kilo"));
    assert.equal(misspelt.status, 1, misspelt.output);
    assert.match(
      misspelt.output,
      /clients\/kilo\.json:\d+:\d+: error AGC082 clients\/kilo\.json: "\{arg\}" is not a slot of an MCP stdio entry/,
    );
    const untyped = await check(
      registryWith('[{ "type": "{transport}", "url": "{url}"', '[{ "type": "sse", "url": "{url}"', "kilo"),
    );
    assert.equal(untyped.status, 1, untyped.output);
    assert.match(
      untyped.output,
      /clients\/kilo\.json:\d+:\d+: error AGC082 clients\/kilo\.json: this spelling of a remote entry has no "\{transport\}" slot/,
    );
  });

  it("another place of a settings file must stand for one the pack composes into (also_reads.settings_files)", async () => {
    const wrong = await check(
      registryWith(
        '{ "file": "kilo.jsonc", "as": "kilo.json" }',
        '{ "file": "kilo.jsonc", "as": "kilo.jsn" }',
        "kilo",
      ),
    );
    assert.equal(wrong.status, 1, wrong.output);
    assert.match(
      wrong.output,
      /clients\/kilo\.json:\d+:\d+: error AGC082 clients\/kilo\.json: "kilo\.jsn" is no settings file of the pack, so import would read nothing in this place/,
    );
  });
});
