import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import { constants, Script } from "node:vm";
import { generateRegistry } from "../../bench/compiler-registry.js";
import { writeBuild } from "../../src/output/write-build.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { buildSite } from "../../src/site/build-site.js";
import { runAgentc, runCliProcess } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const bundlePath = join(packageRoot, "dist", "agentc.cjs");
const example = join(packageRoot, "examples", "registry");

/** Every file under dir, as relative path → bytes, in sorted order. */
function treeOf(dir: string): Map<string, Buffer> {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((path) => statSync(join(dir, path)).isFile())
    .sort();
  return new Map(files.map((path) => [path, readFileSync(join(dir, path))]));
}

/** The library in dist/src (not the bundle) compiling and writing the example registry. */
async function libraryBuild(out: string): Promise<void> {
  const result = await compileRegistry(example, {});
  assert.ok(result.ok && result.registry && result.tree && result.manifest, "the example registry compiles");
  const { registry, tree, manifest, diagnostics } = result;
  writeBuild(out, tree, manifest, result.plugin, buildSite({ registry, tree, manifest, diagnostics }));
}

/** A copy of the package as npm would install it, without node_modules and without dist/src. */
function installedCopyWithoutDistSrc(): string {
  const root = testdir({}, "agentc-bundled-");
  const published = (
    JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as { files: string[] }
  ).files;
  for (const entry of ["package.json", ...published.filter((f) => !f.startsWith("dist/"))]) {
    if (existsSync(join(packageRoot, entry)))
      cpSync(join(packageRoot, entry), join(root, entry), { recursive: true });
  }
  cpSync(bundlePath, join(root, "dist", "agentc.cjs"));
  cpSync(`${bundlePath}.cache`, join(root, "dist", "agentc.cjs.cache"));
  return root;
}

describe("the bundled CLI (dist/agentc.cjs)", () => {
  it("is made by npm run build, with a code cache recorded for exactly these bytes", () => {
    const source = readFileSync(bundlePath, "utf8");
    const idLine = source.slice(source.lastIndexOf("\n", source.length - 2) + 1);
    assert.match(idLine, /^\/\/ bundle id: [0-9a-f]{64}\n$/);
    const cache = readFileSync(`${bundlePath}.cache`);
    assert.equal(cache.toString("latin1", 0, idLine.length), idLine);
    // The id line is padded with newlines to a multiple of 8 bytes: V8 copies cached data that does not
    // start on an 8-byte boundary before reading it, and reads aligned data where it lies.
    const dataOffset = Math.ceil(idLine.length / 8) * 8;
    assert.equal(
      cache.toString("latin1", idLine.length, dataOffset),
      "\n".repeat(dataOffset - idLine.length),
    );
    assert.ok(source.startsWith("(function (exports, require, module, __filename, __dirname) {"));
    // bin/agentc.js compiles the bundle before it sets its V8 flag, and V8 takes a cache only under the
    // flags it was recorded with: this process runs under Node's defaults, as the bin does at that point.
    const script = new Script(source, {
      filename: bundlePath,
      cachedData: cache.subarray(dataOffset),
      importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    assert.equal(script.cachedDataRejected, false, "V8 accepts the recorded code cache");
  });

  it("builds the example registry byte for byte like the library, needing neither node_modules nor dist/src", async () => {
    const installed = installedCopyWithoutDistSrc();
    const bundledOut = join(testdir(), "out");
    const run = spawnSync(
      process.execPath,
      [join(installed, "bin", "agentc.js"), "build", example, "--out", bundledOut, "--quiet"],
      { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } },
    );
    assert.equal(run.status, 0, run.stderr);
    const libraryOut = join(testdir(), "out");
    await libraryBuild(libraryOut);
    const bundled = treeOf(bundledOut);
    const library = treeOf(libraryOut);
    assert.deepEqual([...bundled.keys()], [...library.keys()]);
    for (const [path, bytes] of library) assert.ok(bytes.equals(bundled.get(path) ?? Buffer.alloc(0)), path);
    assert.ok(bundled.size > 20, `${relative(packageRoot, bundledOut)} holds the example's files`);
  });

  it("passes over a code cache it cannot read (a folder in its place) and runs without it", () => {
    const installed = installedCopyWithoutDistSrc();
    const cache = join(installed, "dist", "agentc.cjs.cache");
    rmSync(cache);
    mkdirSync(cache);
    const run = spawnSync(process.execPath, [join(installed, "bin", "agentc.js"), "--version"], {
      encoding: "utf8",
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^\d+\.\d+\.\d+/);
    assert.equal(run.stderr, "");
  });

  it("reports exactly what the unbundled CLI reports (AGENTC_NO_BUNDLE=1 falls back to dist/src)", () => {
    const compiledMain = join(packageRoot, "dist", "src", "cli", "main.js");
    assert.ok(
      statSync(bundlePath).mtimeMs >= statSync(compiledMain).mtimeMs,
      "bin/agentc.js uses the bundle only when it is not older than dist/src: run npm run build",
    );
    for (const args of [
      ["check", example, "--format", "json"],
      ["check", join(packageRoot, "test"), "--format", "pretty"],
      ["explain", "AGC001"],
      ["no-such-command"],
    ]) {
      const bundled = runCliProcess(args);
      const unbundled = runCliProcess(args, { env: { AGENTC_NO_BUNDLE: "1" } });
      assert.deepEqual(bundled, unbundled, args.join(" "));
    }
  });

  it("writes a report longer than a pipe holds in full before it exits, with the command's exit code", async () => {
    // The bin exits as soon as main returns with nothing pending, skipping Node's tear-down: every line
    // must be out by then, through a pipe the reader drains only as it is written.
    const registry = testdir();
    generateRegistry(registry, 120);
    const args = ["check", registry, "--verbose", "--format", "json"];
    const viaBin = runCliProcess(args);
    const inProcess = await runAgentc(args);
    assert.ok(viaBin.stdout.length > 256 * 1024, `the report is ${viaBin.stdout.length} bytes`);
    assert.equal(viaBin.stdout, inProcess.stdout);
    assert.equal(viaBin.status, inProcess.status);
    const failing = runCliProcess(["check", join(registry, "missing")]);
    assert.equal(failing.status, 1, failing.stderr);
  });

  it("checks a registry's own client pack with the validators beside it in dist/src, compiling none at run time", () => {
    const registry = testdir({
      "sources.json": '{ "version": 1, "sources": [] }\n',
      "targets.json": '{ "version": 1, "builtin_adapters": "none", "builtin_clients": "none" }\n',
    });
    mkdirSync(join(registry, "clients"));
    cpSync(join(packageRoot, "clients", "zed.json"), join(registry, "clients", "mine.json"));
    const pack = join(registry, "clients", "mine.json");
    writeFileSync(pack, readFileSync(pack, "utf8").replace(/"client": "zed"/, '"client": 7'));
    const counts = join(testdir(), "counts.json");
    const run = runCliProcess(["check", registry], { env: { AGENTC_WORK_COUNTS: counts } });
    assert.match(
      run.stdout + run.stderr,
      /clients\/mine\.json:\d+:\d+: error AGC082 Expected string at client/,
    );
    const work = JSON.parse(readFileSync(counts, "utf8")) as Record<string, number>;
    assert.equal(work["schemas compiled at run time"], 0, "the pack's validator came from the build");
  });
});
