import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { before, describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import {
  builtCopy,
  freshCopy,
  installedAgentc,
  installedPackages,
  installTarball,
  npmPack,
  npxAgentc,
} from "../support/packed-package.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const manifest = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Every `$schema` of the JSON files `init` wrote into `registry`, resolved against its file. */
function schemaTargets(registry: string): string[] {
  return ["sources.json", "targets.json"].map((name) => {
    const file = join(registry, name);
    const schema = (JSON.parse(readFileSync(file, "utf8")) as { $schema: string }).$schema;
    return resolve(dirname(file), schema);
  });
}

/**
 * npm test packs this checkout as npm test's build left it (npm pack --ignore-scripts); AGENTC_PACKAGE=fresh
 * (npm run test:package) packs a fresh clone, whose prepack builds it from nothing (a full build, about
 * 40 s of CPU).
 */
const fromFreshClone = process.env.AGENTC_PACKAGE === "fresh";
const packed = fromFreshClone ? "packed from a fresh clone (prepack builds)" : "packed from this checkout";

describe(`the npm package, ${packed} and installed into an empty folder`, () => {
  let tarball = "";
  let user = "";
  before(() => {
    tarball = fromFreshClone
      ? npmPack(freshCopy(testdir()), testdir())
      : npmPack(builtCopy(testdir()), testdir(), { ignoreScripts: true });
    user = installTarball(tarball, testdir());
  });

  it("carries the compiled CLI", () => {
    const listing = spawnSync("tar", ["-tzf", tarball], { encoding: "utf8" }).stdout.split("\n");
    for (const file of ["package/bin/agentc.js", "package/dist/agentc.cjs", "package/dist/src/cli/main.js"])
      assert.ok(listing.includes(file), `${file} is in the tarball`);
    assert.ok(!listing.some((f) => f.startsWith("package/dist/test/")), "no compiled tests");
  });

  it("ships the guard, executable, and its docs (docs/guard.md)", () => {
    const listing = spawnSync("tar", ["-tvzf", tarball], { encoding: "utf8" }).stdout.split("\n");
    const guard = listing.find((line) => line.endsWith(" package/assets/hooks/agentc-guard.mjs"));
    assert.ok(guard, "assets/hooks/agentc-guard.mjs is in the package");
    assert.match(guard, /^-rwx/, "the script keeps its executable bit");
    assert.ok(listing.some((line) => line.endsWith(" package/docs/guard.md")));
  });

  it("installs its dependencies and no dev dependency", () => {
    const installed = installedPackages(user);
    for (const name of Object.keys(manifest.dependencies)) assert.ok(installed.includes(name), name);
    for (const name of Object.keys(manifest.devDependencies))
      assert.ok(!installed.includes(name), `dev dependency ${name} is not installed`);
  });

  it("runs through npx, then init, build, install, status and uninstall as installed", () => {
    const project = join(user, "app");
    mkdirSync(project);
    const help = npxAgentc(user, ["--help"]);
    assert.equal(help.status, 0, `npx agentc --help:\n${help.stdout}\n${help.stderr}`);
    assert.match(help.stdout, /put it into a project:/);
    // the bin npx ran, without npx's start each time
    const steps: [string[], RegExp][] = [
      [["init", "reg"], /wrote \d+ files into reg/],
      [["build", "reg"], /built \d+ artifacts for \d+ adapters? into/],
      [["install", "reg/build", "--project", "app", "--yes"], /\S/],
      [["status", "--project", "app"], /no drift/],
      [["uninstall", "--project", "app", "--yes"], /\S/],
    ];
    for (const [args, expected] of steps) {
      const result = installedAgentc(user, args);
      assert.equal(result.status, 0, `agentc ${args.join(" ")}:\n${result.stdout}\n${result.stderr}`);
      assert.match(result.stdout, expected, `agentc ${args.join(" ")}`);
    }
    assert.ok(!existsSync(join(project, ".agentc", "installed.json")), "uninstall removed the record");
  });

  it("agentc mcp without its optional peer, the MCP SDK, says how to install it (exit 2)", () => {
    assert.ok(!installedPackages(user).includes("@modelcontextprotocol/sdk"), "the SDK is not installed");
    const result = installedAgentc(user, ["mcp"]);
    assert.equal(result.status, 2, `${result.stdout}\n${result.stderr}`);
    assert.match(
      result.stderr,
      /^agentc mcp: the MCP SDK is not installed .*\n {2}hint: npm install -D @modelcontextprotocol\/sdk@/,
    );
  });

  it("init's $schema paths resolve to the installed package's schemas", () => {
    for (const target of schemaTargets(join(user, "reg"))) {
      assert.ok(target.startsWith(join(user, "node_modules", "agentc", "schemas")), target);
      assert.ok(existsSync(target), `${target} exists`);
    }
  });
});

describe("init's $schema paths", () => {
  it("resolve to a file from a nested registry folder, wherever agentc runs from", async () => {
    const registry = join(testdir(), "team", "reg");
    assert.equal((await runAgentc(["init", registry])).status, 0);
    for (const target of schemaTargets(registry)) assert.ok(existsSync(target), `${target} exists`);
  });
});
