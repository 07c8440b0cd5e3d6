import assert from "node:assert/strict";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runAgentc } from "./run-cli.js";
import { testdir } from "./testdir.js";

let built: Promise<string> | undefined;

/** A build of a copy of examples/registry, made once per test process; the tests only install from it. */
export function exampleBuild(): Promise<string> {
  built ??= (async () => {
    const registry = join(testdir(), "registry");
    cpSync(join(packageRoot, "examples/registry"), registry, { recursive: true });
    const build = join(testdir(), "build");
    const run = await runAgentc(["build", registry, "--out", build, "--quiet"]);
    assert.equal(run.status, 0, run.stdout);
    return build;
  })();
  return built;
}
