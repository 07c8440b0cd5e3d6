import assert from "node:assert/strict";
import { cpSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir, writeFiles } from "../support/testdir.js";

/** The most common MCP server of all: its token in a variable of another name than the server reads. */
const githubServer = {
  transport: "stdio",
  command: "docker",
  args: ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/github/github-mcp-server"],
  env: { GITHUB_PERSONAL_ACCESS_TOKEN: `\${GITHUB_TOKEN}` },
};

const mcpJson = `${JSON.stringify({ version: 1, servers: { github: githubServer } }, null, 2)}\n`;

function registry(targets: object): string {
  return testdir({
    "sources.json": `${JSON.stringify({ version: 1, sources: [] })}\n`,
    "targets.json": `${JSON.stringify({ version: 1, builtin_adapters: ["agents-md"], ...targets })}\n`,
    "core/mcp.json": mcpJson,
  });
}

async function build(dir: string, ...flags: string[]) {
  const out = join(testdir(), "build");
  const run = await runAgentc(["build", dir, "--out", out, "--format", "json", ...flags]);
  const report = JSON.parse(run.stdout) as { diagnostics: { id: string; severity: string; loss?: object }[] };
  return { ...run, out, report };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((p) =>
    statSync(join(dir, p)).isFile(),
  );
}

describe(`AGC150: a client that cannot pass \${VAR} to an MCP server loses the server, the build goes on`, () => {
  it("builds every built-in client with the GitHub server: exit 0, one loss per client that passes no such variable", async () => {
    const { status, report, out } = await build(registry({ builtin_clients: "all" }));
    assert.equal(status, 0, JSON.stringify(report.diagnostics.filter((d) => d.severity === "error")));
    const lost = report.diagnostics.filter((d) => d.id === "AGC150");
    assert.ok(lost.length >= 2, "Junie and Devin at least pass no variable of another name");
    for (const d of lost) {
      assert.equal(d.severity, "warning");
      assert.ok(d.loss, "counted as the client's loss");
    }
    assert.equal(
      report.diagnostics.filter((d) => d.id === "AGC080" && JSON.stringify(d).includes('"github"')).length,
      0,
      "one finding per lost server, not an AGC080 beside it",
    );
    const matrix = readFileSync(join(out, "CAPABILITIES.md"), "utf8");
    assert.match(matrix, /passes no variables to MCP servers, so \$\{GITHUB_TOKEN\} in MCP server "github"/);
  });

  it("never writes the server with the literal placeholder for a client that cannot pass it", async () => {
    const { out } = await build(registry({ builtin_clients: ["junie"] }));
    for (const path of filesUnder(out).filter((p) => p.startsWith(".junie/")))
      assert.doesNotMatch(readFileSync(join(out, path), "utf8"), /GITHUB_TOKEN/, path);
  });

  it("is an error with --strict and with strict_losses, and accepted_losses accepts it", async () => {
    assert.equal((await build(registry({ builtin_clients: ["junie"] }), "--strict")).status, 1);
    assert.equal((await build(registry({ builtin_clients: ["junie"], strict_losses: true }))).status, 1);
    const accepted = await build(
      registry({
        builtin_clients: ["junie"],
        strict_losses: true,
        accepted_losses: [
          { check: "AGC150", client: "junie", reason: "Junie users add the GitHub server in their IDE." },
        ],
      }),
    );
    assert.equal(accepted.status, 0, accepted.stdout);
  });
});

describe("the registries of examples/ build with 0 errors with the GitHub MCP server", () => {
  it("examples/team carries it and builds", async () => {
    const team = JSON.parse(readFileSync(join(packageRoot, "examples", "team", "core", "mcp.json"), "utf8"));
    assert.deepEqual(team.servers.github?.env, githubServer.env);
    const { status, report } = await build(join(packageRoot, "examples", "team"));
    assert.equal(status, 0, JSON.stringify(report.diagnostics.filter((d) => d.severity === "error")));
  });

  it("examples/registry with the server added to the .mcp.json it seeds builds", async () => {
    const copy = testdir();
    cpSync(join(packageRoot, "examples", "registry"), copy, { recursive: true });
    const seed = join(copy, "seeds", "root", ".mcp.json");
    const mcp = JSON.parse(readFileSync(seed, "utf8"));
    const { transport: _, ...server } = githubServer;
    mcp.mcpServers.github = { type: "stdio", ...server };
    writeFiles(copy, { "seeds/root/.mcp.json": `${JSON.stringify(mcp, null, 2)}\n` });
    const { status, report } = await build(copy);
    const errors = report.diagnostics.filter((d) => d.severity === "error");
    assert.equal(status, 0, JSON.stringify(errors));
    assert.deepEqual(errors, []);
  });
});
