import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { capabilityProject } from "../support/capability-bundle.js";
import { makeComposeBundle } from "../support/compose-bundle.js";
import { makeBundle } from "../support/install-fixture.js";
import { upgradeFrom, upgradeTo } from "../support/install-scenarios.js";
import { notLinux, readWithShell, shells } from "../support/install-sh.js";
import { manifestFacts } from "../support/manifest-facts.js";
import { plainClientRegistry, plainFixture } from "../support/plain-fixture.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";
import { makeBuildDir } from "../support/zip-fixtures.js";

/** A copy of a client fixture without what a built-in pack refuses (see plainFixture). */
function plainCopy(name: string): string {
  const dir = join(testdir(), name);
  cpSync(join(packageRoot, "test", "fixtures", name), dir, { recursive: true });
  plainFixture(dir);
  return dir;
}

/** Every kind of manifest the test suite builds: real builds of every registry it has, and the helpers' bundles. */
async function suiteManifests(): Promise<Record<string, string>> {
  const out: Record<string, string> = {
    "test/golden/manifest": join(packageRoot, "test", "golden", "manifest", "manifest.json"),
  };
  const registries: Record<string, string> = {
    "examples/registry": join(packageRoot, "examples", "registry"),
    "examples/team": join(packageRoot, "examples", "team"),
    "test/fixtures/golden-registry": join(packageRoot, "test", "fixtures", "golden-registry"),
    // as every build-and-install test uses it: without what a built-in pack refuses (AGC150, AGC151)
    "test/fixtures/client-registry (plain)": plainClientRegistry(),
    "test/fixtures/core-example (plain)": plainCopy("core-example"),
  };
  for (const [registry, dir] of Object.entries(registries)) {
    const build = join(testdir(), "build");
    const result = await runAgentc(["build", dir, "--out", build, "--quiet"]);
    assert.equal(result.status, 0, `${registry}: ${result.stderr}`);
    out[registry] = join(build, "manifest.json");
  }
  const folders: Record<string, string> = {
    "zip fixture": makeBuildDir({
      files: { "AGENTS.md": "a\n", ".github/x.md": "x\n", "bin/t.sh": "t\n" },
      executables: ["bin/t.sh"],
      rewrites: [".github :: github-dir"],
    }),
    "upgrade from": makeBundle(upgradeFrom),
    "upgrade to": makeBundle({ ...upgradeTo, tools: ["gitleaks :: brew install gitleaks"] }),
    capability: capabilityProject().bundle,
    compose: makeComposeBundle({ components: { claude: { files: { "CLAUDE.md": "# r\n" } } } }, [
      {
        component: "claude",
        path: ".mcp.json",
        format: "json",
        entries: [{ path: ["mcpServers", "docs"], value: { command: "docs" } }],
      },
    ]),
    joint: makeBundle({
      components: {
        a: { files: { "a.md": "a\n" } },
        "a+b": { files: { "ab.md": "ab\n" }, with: ["a", "b"] },
        b: {},
      },
    }),
  };
  for (const [name, dir] of Object.entries(folders)) out[name] = join(dir, "manifest.json");
  return out;
}

describe("install.sh reads manifest.json line by line", { skip: notLinux }, async () => {
  const manifests = await suiteManifests();
  for (const shell of shells())
    it(`agrees with the JSON reader on every manifest the suite builds (${shell.name})`, () => {
      for (const [name, file] of Object.entries(manifests)) {
        const read = readWithShell(shell, file);
        assert.equal(read.status, 0, `${name}: ${read.stderr}${read.lines.join("\n")}`);
        assert.deepEqual(read.lines, manifestFacts(readFileSync(file, "utf8")), name);
      }
    });

  for (const shell of shells())
    it(`refuses what is not in the canonical layout, or names an unsafe path (${shell.name})`, () => {
      const text = readFileSync(manifests["upgrade from"] as string, "utf8");
      const cases: [string, string, RegExp][] = [
        ["truncated", text.slice(0, text.lastIndexOf("\n", text.length / 2) + 1), /the file ends early/],
        ["cut mid-line", text.slice(0, text.length / 2), /line \d+: expected/],
        ["reindented", text.replace('\n  "artifacts"', '\n "artifacts"'), /line 3: expected a top-level key/],
        [
          "unknown key",
          text.replace('"install": {\n', '"install": {\n    "extra": [],\n'),
          /line \d+: expected a key of install/,
        ],
        [
          "newer",
          text.replace('"version": 1,', '"version": 2,'),
          /line 2: version 2 was made by a newer agentc/,
        ],
        [
          "dot-dot",
          text.replace('"AGENTS.md",', '"../AGENTS.md",'),
          /artifacts lists "\.\.\/AGENTS\.md", which holds a "\.\." segment/,
        ],
        ["absolute", text.replace('"AGENTS.md"', '"/etc/AGENTS.md"'), /which is absolute/],
        ["git", text.replace('"AGENTS.md",', '".git/hooks/x",'), /which holds a \.git segment/],
        ["device", text.replace('"AGENTS.md",', '"docs/nul.txt",'), /uses a reserved device name/],
        ["crlf", text.replace(/\n/g, "\r\n"), /has a carriage return/],
        [
          "escape",
          text.replace('"name": "core"', '"name": "core\\u0007"').replace('"AGENTS.md",', '"A\\u0007.md",'),
          /holds an escape \(\\u\) this reader does not decode/,
        ],
      ];
      for (const [name, changed, message] of cases) {
        const file = join(testdir(), "manifest.json");
        writeFileSync(file, changed);
        const read = readWithShell(shell, file);
        assert.equal(read.status, 1, name);
        assert.match(read.lines.at(-1) ?? "", message, name);
      }
    });
});
