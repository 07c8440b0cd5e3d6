import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import { UsageError } from "../../src/cli/command.js";
import { commandMessage } from "../../src/cli/report/command-message.js";
import { AgentcError } from "../../src/shared/agentc-error.js";
import { packageRoot } from "../../src/shared/package-paths.js";

const cliDir = join(packageRoot, "src", "cli");
const formatter = join("report", "command-message.ts");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  );
}

describe("what a command says about itself on stderr: one formatter", () => {
  it("heads a message with the command, then the usage and the hint on lines of their own", () => {
    assert.equal(
      commandMessage("build", { message: "nothing written", hint: "choose a writable --out folder" }),
      "agentc build: nothing written\n  hint: choose a writable --out folder",
    );
    assert.equal(
      commandMessage("pack", {
        message: "--out needs a value",
        usage: "agentc pack [build-dir]",
        hint: "see --help",
      }),
      "agentc pack: --out needs a value\nusage: agentc pack [build-dir]\n  hint: see --help",
    );
    assert.equal(
      commandMessage("serve", { kind: "warning", message: "plain http" }),
      "agentc serve: warning: plain http",
    );
    assert.equal(commandMessage("", { message: 'unknown command "x"' }), 'agentc: unknown command "x"');
  });

  it("takes an AgentcError or a UsageError as it is", () => {
    assert.equal(
      commandMessage("publish", new AgentcError("bundle", "the registry refused the push", "log in first")),
      "agentc publish: the registry refused the push\n  hint: log in first",
    );
    assert.equal(commandMessage("run", new UsageError("give a capability")), "agentc run: give a capability");
  });

  it("no other file of src/cli writes an 'agentc <command>:' head or a hint line of its own", () => {
    const byHand = /[`"']agentc( [a-z-]+| \$\{[^}]+\})*: |\\n {2}hint: /;
    const offenders = sources(cliDir)
      .filter((file) => relative(cliDir, file) !== formatter)
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, n) =>
            byHand.test(line) ? [`${relative(packageRoot, file)}:${n + 1}: ${line.trim()}`] : [],
          ),
      );
    assert.deepEqual(offenders, []);
  });
});
