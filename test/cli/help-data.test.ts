import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { commandIndex } from "../../src/cli/command-index.js";
import { commonOptions } from "../../src/cli/common-options.js";
import { runAgentc, runCliProcess } from "../support/run-cli.js";

const commands = await Promise.all(commandIndex.map((entry) => entry.load()));

describe("help data beside each command", () => {
  for (const command of commands) {
    it(`${command.name}: one help line per option, and no help line without an option`, () => {
      assert.deepEqual(Object.keys(command.help.options).sort(), Object.keys(command.options).sort());
    });
  }

  it("every option of a command is in its usage line", () => {
    for (const command of commands)
      for (const name of Object.keys(command.options))
        assert.ok(command.usage.includes(`--${name}`), `${command.name}'s usage shows --${name}`);
  });

  it("no command redefines a common option", () => {
    for (const command of commands)
      for (const name of Object.keys(commonOptions))
        assert.equal(command.options[name], undefined, `${command.name} --${name}`);
  });

  it("every option that takes a value names it, and every switch names none", () => {
    for (const command of commands)
      for (const [name, spec] of Object.entries(command.options)) {
        const value = command.help.options[name]?.value;
        if (spec.type === "string") assert.ok(value, `${command.name} --${name} names its value`);
        else assert.equal(value, undefined, `${command.name} --${name} is a switch`);
      }
  });
});

describe("agentc <command> --help", () => {
  for (const command of commands) {
    it(`${command.name} --help lists every option on one line, the exit codes and two examples`, async () => {
      const result = await runAgentc([command.name, "--help"]);
      assert.equal(result.status, 0, result.stderr);
      const lines = result.stdout.split("\n");
      for (const name of [...Object.keys(command.options), ...Object.keys(commonOptions)]) {
        const optionLines = lines.filter((l) => new RegExp(`^ {2}(-\\w, )?--${name}\\b`).test(l));
        assert.equal(optionLines.length, 1, `one line for --${name} in:\n${result.stdout}`);
        assert.ok((optionLines[0] ?? "").trim().length > `--${name}`.length + 4, `--${name} is explained`);
      }
      assert.match(result.stdout, /\nexit codes:\n {2}0 {2}\S.*\n(?: {2}1 {2}\S.*\n)? {2}2 {2}\S/);
      const examples = result.stdout.slice(result.stdout.indexOf("\nexamples:\n"));
      assert.equal(examples.match(/\n {2}agentc /g)?.length ?? 0, command.help.examples.length);
      assert.ok(command.help.examples.length >= 2);
    });
  }

  it("agentc help <command> is agentc <command> --help", async () => {
    const help = await runAgentc(["help", "pack"]);
    assert.equal(help.status, 0);
    assert.equal(help.stdout, (await runAgentc(["pack", "--help"])).stdout);
  });

  it("shows the defaults", async () => {
    const help = (await runAgentc(["install", "--help"])).stdout;
    assert.match(help, /--project DIR +the project to install into \(default: \.\)/);
    assert.match(help, /--hook-timeout SECONDS .*\(default: 60\)/);
    assert.match(help, /--format pretty\|json .*\(default: pretty\)/);
    assert.match((await runAgentc(["build", "--help"])).stdout, /--out DIR .*\(default: <registry>\/build\)/);
  });

  it("--help after -- belongs to the command agentc run starts, not to agentc", () => {
    const result = runCliProcess(["run", "team-chat", "send", "--", "--help"], { cwd: "/" });
    assert.doesNotMatch(result.stdout, /^agentc run —/);
  });
});

describe("agentc --help", () => {
  it("groups the commands by what a user wants to do, each command once", async () => {
    const help = (await runAgentc(["--help"])).stdout;
    const groups = [...help.matchAll(/^(\S[^:\n]*):\n((?: {2}\S.*\n)+)/gm)].map((m) => ({
      title: m[1],
      names: (m[2] ?? "")
        .trim()
        .split("\n")
        .map((l) => l.trim().split(/\s+/)[0]),
    }));
    assert.deepEqual(
      groups.map((g) => g.title),
      ["write and check a registry", "share a build", "put it into a project", "look after many projects"],
    );
    assert.deepEqual(groups.flatMap((g) => g.names).sort(), commandIndex.map((c) => c.name).sort());
    assert.ok(groups.find((g) => g.title === "put it into a project")?.names.includes("install"));
  });
});
