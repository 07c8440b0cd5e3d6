import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runImport } from "../support/import-run.js";
import { copyOf } from "../support/install-fixture.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * Roo Code's project MCP servers (.roo/mcp.json, mcpServers) were reported and lost to every other assistant:
 * no pack wrote the file. clients/roo-code.json now maps it (McpHub.ts of Roo Code 3.52.1: command/args/env/cwd,
 * or type streamable-http / sse with url and headers; ${env:NAME} expanded in every field), so import carries the
 * servers into core/mcp.json and the build writes them back in Roo's form.
 */
const tracker = {
  type: "stdio",
  command: "tracker-mcp",
  args: ["--stdio", "--project", `\${env:TRACKER_PROJECT}`],
  env: { TRACKER_TOKEN: `\${env:TRACKER_TOKEN}` },
  disabled: false,
};
const search = {
  type: "streamable-http",
  url: "https://search.example.com/mcp",
  headers: { Authorization: `Bearer \${env:SEARCH_TOKEN}` },
  disabled: false,
};
const rooMcp = `${JSON.stringify({ mcpServers: { tracker, search } }, null, 2)}\n`;

function rooProject(extra: Record<string, string> = {}): string {
  return testdir({ ".roo/mcp.json": rooMcp, ...extra });
}

/** The entries the build composes into .roo/mcp.json, by server name. */
function composedServers(build: string): Record<string, unknown> {
  const fragment = JSON.parse(
    readFileSync(join(build, ".agentc-compose/roo-code/.roo/mcp.json.json"), "utf8"),
  );
  return Object.fromEntries(
    (fragment.entries as { path: string[]; value: unknown }[]).map((e) => [e.path.join("."), e.value]),
  );
}

async function build(registry: string): Promise<string> {
  const out = join(testdir({}, "agentc-roo-build-"), "build");
  const result = await runAgentc(["build", registry, "--out", out, "--quiet"]);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  return out;
}

describe("Roo Code's .roo/mcp.json", () => {
  it("imports a stdio server with env and a streamable HTTP server with a header into core/mcp.json", async () => {
    const run = await runImport(rooProject());
    assert.equal(run.status, 0, run.stderr + JSON.stringify(run.json.diagnostics));
    assert.deepEqual(run.json.assistants, ["roo-code"]);
    assert.ok(run.json.read.includes(".roo/mcp.json"), run.json.read.join(", "));
    assert.deepEqual(
      run.json.diagnostics.filter((d) => d.severity !== "info").map((d) => `${d.file}: ${d.message}`),
      [],
    );
    const core = JSON.parse(readFileSync(join(run.out, "core/mcp.json"), "utf8"));
    assert.deepEqual(core.servers, {
      tracker: {
        transport: "stdio",
        command: "tracker-mcp",
        args: ["--stdio", "--project", `\${TRACKER_PROJECT}`],
        env: { TRACKER_TOKEN: `\${TRACKER_TOKEN}` },
      },
      search: {
        transport: "http",
        url: "https://search.example.com/mcp",
        headers: { Authorization: `Bearer \${SEARCH_TOKEN}` },
      },
    });
    assert.deepEqual(run.after, run.before, "import wrote nothing into the project");
  });

  it("a rebuild from core/mcp.json writes the same entries, in Roo's own form", async () => {
    const run = await runImport(rooProject());
    assert.equal(run.status, 0, run.stderr);
    // Rewritten with other spacing: core/mcp.json is no longer what import wrote, so the build renders the
    // servers through the pack's templates instead of composing the imported values as they were.
    const corePath = join(run.out, "core/mcp.json");
    writeFileSync(corePath, `${JSON.stringify(JSON.parse(readFileSync(corePath, "utf8")))}\n`);
    const servers = composedServers(await build(run.out));
    assert.deepEqual(servers, { "mcpServers.search": search, "mcpServers.tracker": tracker });
  });

  it("build, install into the project and uninstall leave .roo/mcp.json as it was, byte for byte", async () => {
    const project = rooProject();
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const built = await build(run.out);
    const copy = copyOf(project);
    const install = await runAgentc(["install", built, "--project", copy, "--yes"]);
    assert.equal(install.status, 0, install.stdout + install.stderr);
    assert.equal(readFileSync(join(copy, ".roo/mcp.json"), "utf8"), rooMcp);
    const uninstall = await runAgentc(["uninstall", "--project", copy, "--yes"]);
    assert.equal(uninstall.status, 0, uninstall.stdout + uninstall.stderr);
    assert.equal(readFileSync(join(copy, ".roo/mcp.json"), "utf8"), rooMcp);
  });

  it("keeps a server whose name import changes under the project's name: install writes no second entry", async () => {
    // Roo's settings view lets a person name a server "acme docs"; the core's names are [A-Za-z0-9_-]
    const renamed = `${JSON.stringify({ mcpServers: { "acme docs": search } }, null, 2)}\n`;
    const project = testdir({ ".roo/mcp.json": renamed });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const core = JSON.parse(readFileSync(join(run.out, "core", "mcp.json"), "utf8"));
    assert.deepEqual(Object.keys(core.servers), ["acme-docs"]);
    assert.deepEqual(
      run.json.diagnostics.filter((d) => d.id === "AGC129"),
      [],
      "the build composes the server under the project's name into .roo/mcp.json, as it was",
    );
    const built = await build(run.out);
    const copy = copyOf(project);
    const install = await runAgentc(["install", built, "--project", copy, "--yes"]);
    assert.equal(install.status, 0, install.stdout + install.stderr);
    assert.equal(readFileSync(join(copy, ".roo/mcp.json"), "utf8"), renamed, "no acme-docs beside acme docs");
    // once the registry changes the server, its new values replace the person's entry under the person's name
    const coreFile = join(run.out, "core", "mcp.json");
    writeFileSync(
      coreFile,
      readFileSync(coreFile, "utf8").replace("search.example.com", "search.example.org"),
    );
    const edited = await runAgentc(["install", await build(run.out), "--project", copy, "--yes"]);
    assert.equal(edited.status, 0, edited.stdout + edited.stderr);
    const servers = JSON.parse(readFileSync(join(copy, ".roo/mcp.json"), "utf8")).mcpServers;
    assert.deepEqual(Object.keys(servers), ["acme docs"]);
    assert.equal(servers["acme docs"].url, "https://search.example.org/mcp");
    const uninstall = await runAgentc(["uninstall", "--project", copy, "--yes"]);
    assert.equal(uninstall.status, 0, uninstall.stdout + uninstall.stderr);
    assert.equal(readFileSync(join(copy, ".roo/mcp.json"), "utf8"), renamed);
  });

  it(`leaves a switched-off server and one using \${workspaceFolder} in the project's file, each reported`, async () => {
    const withOthers = {
      mcpServers: {
        tracker,
        off: { command: "off-mcp", disabled: true },
        local: { command: "node", args: [`\${workspaceFolder}/tools/mcp.js`] },
      },
    };
    const text = JSON.stringify(withOthers, null, 2);
    const lineOf = (server: string) => text.split("\n").findIndex((l) => l.trim() === `"${server}": {`) + 1;
    const project = testdir({ ".roo/mcp.json": text });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const core = JSON.parse(readFileSync(join(run.out, "core/mcp.json"), "utf8"));
    assert.deepEqual(Object.keys(core.servers), ["tracker"]);
    const said = (server: string) =>
      run.json.diagnostics
        .filter((d) => d.id === "AGC128" && d.message.startsWith(`mcpServers.${server} `))
        .map((d) => `${d.file}:${d.line} ${d.message}`);
    assert.deepEqual(said("off"), [
      `.roo/mcp.json:${lineOf("off")} mcpServers.off in .roo/mcp.json has "disabled": true where the client's form is false: not imported`,
    ]);
    assert.match(said("local")[0] ?? "", /uses \$\{workspaceFolder\}, a variable of the client's own/);
    assert.ok(said("local")[0]?.startsWith(`.roo/mcp.json:${lineOf("local")} `), said("local")[0]);

    const built = await build(run.out);
    const copy = copyOf(project);
    const install = await runAgentc(["install", built, "--project", copy, "--yes"]);
    assert.equal(install.status, 0, install.stdout + install.stderr);
    assert.deepEqual(JSON.parse(readFileSync(join(copy, ".roo/mcp.json"), "utf8")), withOthers);
  });

  it("a project with only .roo/mcp.json is a Roo Code project now: its server is carried, not reported", async () => {
    const project = testdir({
      ".roo/mcp.json": JSON.stringify({
        mcpServers: { docs: { command: "npx", args: ["-y", "@acme/docs"] } },
      }),
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.json.assistants, ["roo-code"]);
    assert.equal(
      run.json.diagnostics.filter((d) => d.severity !== "info").length,
      0,
      JSON.stringify(run.json.diagnostics),
    );
    const core = JSON.parse(readFileSync(join(run.out, "core/mcp.json"), "utf8"));
    assert.deepEqual(core.servers, {
      docs: { transport: "stdio", command: "npx", args: ["-y", "@acme/docs"] },
    });
  });
});
