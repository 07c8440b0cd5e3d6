import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { describe, it } from "node:test";
import { makeBundle, snapshot } from "../support/install-fixture.js";
import { binPath } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const hasScript = spawnSync("script", ["--version"]).status === 0;

/** Runs the CLI on a pseudo-terminal (util-linux `script`), typing `keys` a few seconds after it started. */
function onTerminal(args: string[], keys: string[]): Promise<string> {
  const command = [process.execPath, binPath, ...args].map((a) => `'${a}'`).join(" ");
  const child = spawn("script", ["-qec", command, "/dev/null"], { env: { ...process.env, NO_COLOR: "1" } });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  keys.forEach((key, i) => {
    setTimeout(() => child.stdin.write(key), 5000 + 1000 * i);
  });
  const deadline = setTimeout(() => child.kill("SIGKILL"), 30_000);
  return new Promise((resolve) =>
    child.on("exit", () => {
      clearTimeout(deadline);
      resolve(out.replace(/\r/g, ""));
    }),
  );
}

describe("choosing components on a terminal", { skip: hasScript ? false : "needs util-linux script" }, () => {
  it("the multi-select deselects an optional component; the required one stays on", async () => {
    const bundle = makeBundle({
      components: {
        claude: { owned_dirs: [".claude/rules"], files: { ".claude/rules/a.md": "a\n" } },
        core: { required: true, files: { "AGENTS.md": "# rules\n" } },
      },
    });
    const project = testdir();
    // the cursor starts on the first component (claude): space toggles it off, enter confirms
    const out = await onTerminal(["install", bundle, "--project", project], [" ", "\r"]);
    assert.ok(out.length > 0);
    const snap = snapshot(project);
    assert.equal(snap["AGENTS.md"], "file - # rules\n");
    assert.equal(snap[".claude/rules/a.md"], undefined);
  });
});
