#!/usr/bin/env node
// Runs the CLI from dist/agentc.cjs, the one-file bundle `npm run build` makes (it starts faster than the
// ~200 modules of dist/src), compiled with V8's code cache when one was recorded for exactly that bundle.
// Falls back to dist/src when the bundle is missing, older than dist/src, or AGENTC_NO_BUNDLE is set.
// This file is CommonJS (bin/package.json): as an ES module, Node would first load its ES module loader
// and, for `import ... from "node:fs"`, fs/promises, readline and the streams, none of which the CLI uses.
const {
  closeSync,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
} = require("node:fs");
const { createRequire } = require("node:module");
const { join } = require("node:path");
const { setFlagsFromString } = require("node:v8");
const { constants, Script } = require("node:vm");

// V8 compiles a function with its optimising compiler once the function has run a budget of bytecode. A
// build runs most of its code a few thousand times within a second, where that compiling (on a thread of
// its own, competing for the same cores) costs more than it saves: eight times the default budget leaves
// it to the really hot code (docs/benchmark.md, change 37). V8 takes a code cache only under the flags it
// was made with, Node's own for its built-in modules included (node:crypto, node:http, …: compiled from
// source under any other flag), so the flag is set once the command and the built-in modules it imports are
// loaded, right before it runs; the bundle's cache is recorded without it. The flag is V8's own, not
// Node's: set only on the V8 versions of Node 20 to 24 (11 to 13), which have it; on another, V8 would
// print "unrecognized flag" on every run, should it have dropped it.
function raiseOptimisationBudget() {
  if (process.env.AGENTC_WRITE_CODE_CACHE) return;
  if (/^1[1-3]\./.test(process.versions.v8)) setFlagsFromString("--interrupt-budget=540672");
}

const distDir = join(__dirname, "..", "dist");
const bundlePath = join(distDir, "agentc.cjs");
const cachePath = `${bundlePath}.cache`;
const compiledMainPath = join(distDir, "src", "cli", "main.js");

function bundleIsCurrent() {
  if (process.env.AGENTC_NO_BUNDLE) return false;
  const bundle = statSync(bundlePath, { throwIfNoEntry: false });
  const compiled = statSync(compiledMainPath, { throwIfNoEntry: false });
  return bundle !== undefined && (compiled === undefined || bundle.mtimeMs >= compiled.mtimeMs);
}

/**
 * A file's bytes, read into `scratch` when they fit: pages already touched cost nothing, where a new
 * buffer of 1.8 MB costs some 460 page faults. undefined when the file cannot be read (missing, a folder).
 */
function readInto(path, scratch) {
  let fd;
  try {
    fd = openSync(path, "r");
    const size = fstatSync(fd).size;
    const bytes = size <= scratch.length ? scratch.subarray(0, size) : Buffer.allocUnsafeSlow(size);
    let done = 0;
    while (done < size) {
      const read = readSync(fd, bytes, done, size - done, done);
      if (read === 0) break;
      done += read;
    }
    return bytes.subarray(0, done);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The cache file holds the bundle's last line (its id: a hash of the rest), padded with newlines to a
 * multiple of 8 bytes, then V8's cached data: V8 reads data that starts on an 8-byte boundary in place and
 * copies any other first (1.8 MB, some 450 fresh pages, before it deserialises a thing).
 */
function cachedDataOffset(idLine) {
  return Math.ceil(idLine.length / 8) * 8;
}

function cachedDataFor(idLine, scratch) {
  const cache = readInto(cachePath, scratch);
  if (!cache || cache.toString("latin1", 0, idLine.length) !== idLine) return undefined;
  return cache.subarray(cachedDataOffset(idLine));
}

function loadBundle() {
  // The bundle is ASCII (scripts/bundle-cli.ts makes sure): latin1 decodes it to the same string, faster.
  // Decoding copies the bytes, so the cache is then read into the same buffer.
  const bytes = readFileSync(bundlePath);
  const source = bytes.toString("latin1");
  const idLine = source.slice(source.lastIndexOf("\n", source.length - 2) + 1);
  // The bundle is written as the function expression CommonJS would wrap it in (scripts/bundle-cli.ts).
  const script = new Script(source, {
    filename: bundlePath,
    cachedData: cachedDataFor(idLine, bytes),
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundlePath), module, bundlePath, distDir);
  const saveCodeCache = () => {
    const header = Buffer.from(idLine.padEnd(cachedDataOffset(idLine), "\n"), "latin1");
    writeFileSync(cachePath, Buffer.concat([header, script.createCachedData()]));
  };
  return { main: module.exports.main, saveCodeCache };
}

async function run() {
  const cli = bundleIsCurrent() ? loadBundle() : await import("../dist/src/cli/main.js");
  process.exitCode = await cli.main(process.argv.slice(2), undefined, { beforeRun: raiseOptimisationBudget });
  // Set only by scripts/bundle-cli.js, on the run that records the cache for the build's own bundle (under
  // Node's default V8 flags, which the next start compiles the bundle under).
  if (process.env.AGENTC_WRITE_CODE_CACHE && cli.saveCodeCache) cli.saveCodeCache();
  // With nothing left to run, Node would still free V8's heap page by page before it exits (some 4 ms
  // after a 200-rule build); the kernel frees it at exit anyway.
  if (nothingPending()) process.exit();
}

/**
 * No request, handle, timer or stream write outstanding, and no one waiting for 'beforeExit'. Not on
 * Windows, where the CLI writes its output through Node's streams, which are asynchronous there for pipes.
 */
function nothingPending() {
  return (
    process.platform !== "win32" &&
    typeof process.getActiveResourcesInfo === "function" &&
    process.getActiveResourcesInfo().length === 0 &&
    process.listenerCount("beforeExit") === 0
  );
}

run();
