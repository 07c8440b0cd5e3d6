import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "jsonc-parser";
import { runImport } from "../support/import-run.js";
import { legacyKiloMcp } from "../support/legacy-kilo-mcp.js";
import { treeHash } from "../support/project-tree-hash.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** `agentc import` of the project, `edit` of the registry if given, `agentc build`, and `agentc install` into the project. */
async function installedFromItsImport(dir: string, edit?: (registry: string) => void): Promise<void> {
  const registry = join(testdir(), "registry");
  assert.equal((await runAgentc(["import", dir, "--out", registry])).status, 0);
  edit?.(registry);
  const build = join(testdir(), "build");
  assert.equal((await runAgentc(["build", registry, "--out", build, "--quiet"])).status, 0);
  const install = await runAgentc(["install", build, "--project", dir, "--yes"]);
  assert.equal(install.status, 0, `${install.stdout}${install.stderr}`);
}

/** `agentc uninstall` gives the project back as it was (`original`: its tree hash before the install). */
async function uninstalledTo(dir: string, original: ReturnType<typeof treeHash>): Promise<void> {
  const uninstall = await runAgentc(["uninstall", "--project", dir, "--yes"]);
  assert.equal(uninstall.status, 0, `${uninstall.stdout}${uninstall.stderr}`);
  assert.deepEqual(treeHash(dir), original);
}

/**
 * Kilo Code's project MCP file before 7.x, .kilocode/mcp.json (mcpServers, Roo Code's form), which 1,400 indexed
 * repositories hold and Kilo 7.x still reads (measured: test/conformance/conformance-kilo.test.ts). Import
 * passed over it without a word: the servers were lost. The pack names it under `mcp.also_read`; import reads
 * its servers as Kilo's, the build writes them to kilo.json, and the file stays the project's.
 */
describe("Kilo's legacy .kilocode/mcp.json", () => {
  const project = () => testdir({ ".kilocode/mcp.json": `${JSON.stringify(legacyKiloMcp, null, 2)}\n` });

  it("is read as Kilo's: each server it starts, what it drops named, and the file kept as it is", async () => {
    const run = await runImport(project());
    assert.equal(run.status, 0, run.stderr);
    const core = JSON.parse(readFileSync(join(run.out, "core", "mcp.json"), "utf8"));
    // docs and tickets hold ${env:NAME}, which Kilo passes on as written and agentc cannot carry
    assert.deepEqual(core.servers, {
      events: { transport: "sse", url: "https://mcp.acme.test/sse", headers: { "X-Team": "web" } },
      lint: { transport: "stdio", command: "uvx", args: ["acme-lint-mcp"] },
    });
    const said = run.json.diagnostics
      .filter((d) => d.file === ".kilocode/mcp.json")
      .map((d) => `${d.severity} ${d.id} ${d.message}`);
    assert.deepEqual(
      said.sort(),
      [
        "info AGC129 the build of the imported registry writes no .kilocode/mcp.json: Kilo Code CLI reads it besides kilo.json, where the build writes what import read from it, so it stays the project's file and its assistant reads it as before",
        "warning AGC128 mcpServers.guessed in .kilocode/mcp.json has a url but names no transport (the client guesses one), a form of remote entry the pack does not read: not imported",
        'warning AGC128 mcpServers.paused in .kilocode/mcp.json has "disabled": true where the client\'s form is false: not imported',
        `warning AGC128 mcpServers.docs in .kilocode/mcp.json holds "\${env:DOCS_TOKEN}", which is no placeholder of the form \${NAME} or \${NAME:-default} that agentc can carry to other assistants: not imported`,
        `warning AGC128 mcpServers.tickets in .kilocode/mcp.json holds "\${env:TICKETS_TOKEN}", which is no placeholder of the form \${NAME} or \${NAME:-default} that agentc can carry to other assistants: not imported`,
      ].sort(),
    );
    assert.ok(run.json.assistants.includes("kilo"), "a project with only this file is Kilo's");
  });

  it("built and installed, kilo.json carries the servers it read; uninstall gives the project back", async () => {
    const dir = project();
    const original = treeHash(dir);
    await installedFromItsImport(dir);
    const kilo = JSON.parse(readFileSync(join(dir, "kilo.json"), "utf8"));
    assert.deepEqual(Object.keys(kilo.mcp).sort(), ["events", "lint"]);
    assert.equal(
      readFileSync(join(dir, ".kilocode", "mcp.json"), "utf8"),
      `${JSON.stringify(legacyKiloMcp, null, 2)}\n`,
    );
    await uninstalledTo(dir, original);
  });
});

/**
 * Kilo's own settings file in the places it reads besides kilo.json (kilo.jsonc, .kilo/kilo.json(c),
 * .kilocode/kilo.json(c); kilo.ai's docs send people to .kilo/kilo.jsonc): import read none of them, and the
 * servers and permissions there were lost without a word. The pack lists them (also_reads.settings_files).
 */
describe("Kilo's settings file in .kilo/kilo.jsonc", () => {
  it("is read as kilo.json is: its servers and permissions, comments and all; the file stays the project's", async () => {
    const run = await runImport(
      testdir({
        ".kilo/kilo.jsonc": [
          "{",
          "  // the project's servers",
          '  "$schema": "https://app.kilo.ai/config.json",',
          '  "mcp": { "lint": { "type": "local", "command": ["uvx", "acme-lint-mcp"], "enabled": true } },',
          '  "permission": { "bash": { "rm -rf *": "deny" } }',
          "}",
          "",
        ].join("\n"),
      }),
    );
    assert.equal(run.status, 0, run.stderr);
    const core = (name: string) => JSON.parse(readFileSync(join(run.out, "core", name), "utf8"));
    assert.deepEqual(core("mcp.json").servers, {
      lint: { transport: "stdio", command: "uvx", args: ["acme-lint-mcp"] },
    });
    assert.deepEqual(core("permissions.json").deny, [{ verb: "exec", commands: ["rm -rf"] }]);
    assert.deepEqual(
      run.json.diagnostics.map((d) => `${d.file} ${d.severity} ${d.id} ${d.message}`),
      [".kilo/kilo.jsonc info AGC129 .kilo/kilo.jsonc is composed with the same values in agentc's layout"],
    );
    assert.deepEqual(run.after.tree, run.before.tree);
  });

  it("built and installed, its values stay in .kilo/kilo.jsonc and no kilo.json is written; uninstall gives the project back", async () => {
    const text =
      '{\n  // the project\'s servers\n  "mcp": { "lint": { "type": "local", "command": ["uvx", "acme-lint-mcp"] } }\n}\n';
    const dir = testdir({ ".kilo/kilo.jsonc": text });
    const original = treeHash(dir);
    await installedFromItsImport(dir, (registry) => {
      const core = join(registry, "core", "mcp.json");
      const servers = JSON.parse(readFileSync(core, "utf8"));
      servers.servers.events = { transport: "sse", url: "https://mcp.acme.test/sse" };
      writeFileSync(core, JSON.stringify(servers, null, 2));
    });
    assert.equal(existsSync(join(dir, "kilo.json")), false, "no second settings file");
    const after = readFileSync(join(dir, ".kilo/kilo.jsonc"), "utf8");
    assert.match(after, /\/\/ the project's servers/);
    assert.deepEqual(Object.keys(parse(after).mcp).sort(), ["events", "lint"]);
    await uninstalledTo(dir, original);
  });
});

describe("OpenCode's settings file in .opencode/opencode.json and opencode.jsonc", () => {
  it("each is read as opencode.json is, and stays the project's", async () => {
    const run = await runImport(
      testdir({
        ".opencode/opencode.json": JSON.stringify({
          mcp: { lint: { type: "local", command: ["uvx", "acme-lint-mcp"] } },
        }),
        "opencode.jsonc":
          '{\n  // remote docs\n  "mcp": { "docs": { "type": "remote", "url": "https://mcp.acme.test/mcp" } }\n}\n',
      }),
    );
    assert.equal(run.status, 0, run.stderr);
    const core = JSON.parse(readFileSync(join(run.out, "core", "mcp.json"), "utf8"));
    assert.deepEqual(Object.keys(core.servers).sort(), ["docs", "lint"]);
    assert.deepEqual(
      run.json.diagnostics
        .filter((d) => d.id === "AGC129")
        .map((d) => d.file)
        .sort(),
      [".opencode/opencode.json", "opencode.json", "opencode.jsonc"],
    );
    assert.deepEqual(run.after.tree, run.before.tree);
  });
});
