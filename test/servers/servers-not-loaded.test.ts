import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { binPath } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** A preloaded script that prints, at exit, every CommonJS module file the process loaded. */
function loadedModules(args: string[], input = ""): string[] {
  const hook = join(testdir(), "list-modules.cjs");
  writeFileSync(
    hook,
    "process.on('exit', () => process.stderr.write('\\nLOADED ' + JSON.stringify(Object.keys(require.cache)) + '\\n'));\n",
  );
  const run = spawnSync(process.execPath, ["--require", hook, binPath, ...args], {
    encoding: "utf8",
    input,
    env: { ...process.env, NO_COLOR: "1" },
  });
  const line = run.stderr.split("\n").find((l) => l.startsWith("LOADED "));
  assert.ok(line, run.stderr);
  return JSON.parse(line.slice("LOADED ".length)) as string[];
}

const serverLibraries = /node_modules[\\/](vscode-languageserver|vscode-jsonrpc|@modelcontextprotocol)[\\/]/;

describe("the CLI loads the servers' libraries only for agentc lsp and agentc mcp", () => {
  it("agentc build reads neither vscode-languageserver nor the MCP SDK", () => {
    const out = testdir();
    const loaded = loadedModules([
      "build",
      join(packageRoot, "examples", "registry"),
      "--out",
      out,
      "--quiet",
    ]);
    assert.ok(
      loaded.some((path) => path.endsWith("agentc.js")),
      "the hook saw the CLI",
    );
    assert.deepEqual(
      loaded.filter((path) => serverLibraries.test(path)),
      [],
    );
  });

  it("agentc lsp and agentc mcp do load them (the check above can fail)", () => {
    const lsp = loadedModules(["lsp"]);
    assert.ok(
      lsp.some((path) => /vscode-languageserver[\\/]/.test(path)),
      lsp.join("\n"),
    );
    const mcp = loadedModules(["mcp"]);
    assert.ok(
      mcp.some((path) => /@modelcontextprotocol[\\/]sdk[\\/]/.test(path)),
      mcp.join("\n"),
    );
  });
});
