import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { CliOptions } from "../../src/cli/cli-option.js";
import type { Command } from "../../src/cli/command.js";
import { commandIndex } from "../../src/cli/command-index.js";
import { commonOptions, everyOption } from "../../src/cli/common-options.js";
import { renderCommandHelp } from "../../src/cli/help/render-help.js";
import { usageLine } from "../../src/cli/help/usage-line.js";
import { parseCommandArgs, parserOptions } from "../../src/cli/parse-command-args.js";
import { runAgentc, runCliProcess } from "../support/run-cli.js";

const commands = await Promise.all(commandIndex.map((entry) => entry.load()));

/** The options a --help text lists, by long name: "  -y, --yes  ..." or "  --out DIR  ...". */
function optionsListed(help: string): string[] {
  const section = help.slice(help.indexOf("\noptions:\n"), help.indexOf("\nexit codes:\n"));
  return [...section.matchAll(/^ {2}(?:-\w, )?--([a-z][a-z0-9-]*)/gm)].map((m) => m[1] as string);
}

describe("one declaration per option: parser, usage and help made from it", () => {
  for (const command of commands) {
    it(`${command.name}: the parser takes exactly the options its --help lists, under the same short names`, () => {
      const parser = parserOptions(everyOption(command));
      const help = renderCommandHelp(command);
      assert.deepEqual(optionsListed(help).sort(), Object.keys(parser).sort());
      for (const [name, spec] of Object.entries(parser)) {
        const shown = spec.short ? `-${spec.short}, --${name}` : `--${name}`;
        assert.match(help, new RegExp(`\\n {2}${shown}[ \\n]`), `${command.name} --help shows ${shown}`);
      }
    });

    it(`${command.name}: every option parses as declared, a value option with its value, a switch without`, () => {
      for (const [name, option] of Object.entries(everyOption(command))) {
        const given = option.value === undefined ? [`--${name}`] : [`--${name}`, "x"];
        const required = Object.entries(command.help.options)
          .filter(([other, o]) => o.required && other !== name)
          .flatMap(([other]) => [`--${other}`, "x"]);
        const parsed = parseCommandArgs(command, [...given, ...required]);
        const expected = option.value === undefined ? true : option.repeatable ? ["x"] : "x";
        assert.deepEqual(parsed.values[name], expected, `${command.name} --${name}`);
        if (option.short)
          assert.deepEqual(
            parseCommandArgs(command, [`-${option.short}`, ...required]).values[name],
            true,
            `${command.name} -${option.short}`,
          );
      }
    });

    it(`${command.name}: the usage line shows each own option with the value its help names`, () => {
      const usage = usageLine(command);
      for (const [name, option] of Object.entries(command.help.options))
        assert.ok(
          usage.includes(option.value === undefined ? `--${name}` : `--${name} ${option.value}`),
          `${command.name}'s usage shows --${name}: ${usage}`,
        );
      if (command.formats.length > 1) assert.ok(usage.includes(`[--format ${command.formats.join("|")}]`));
    });

    it(`${command.name}: its declarations are sound`, () => {
      const own = command.help.options;
      for (const name of Object.keys(commonOptions(command.formats)))
        assert.equal(own[name], undefined, `${command.name} redefines the common --${name}`);
      const shorts = Object.values(everyOption(command)).flatMap((o) => (o.short ? [o.short] : []));
      assert.deepEqual(shorts, [...new Set(shorts)], `${command.name}: a short name used twice`);
      for (const [name, option] of Object.entries(own)) {
        assert.match(name, /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, `${command.name} --${name}`);
        assert.notEqual(option.value, "", `${command.name} --${name} names its value`);
        for (const partner of [option.with, option.orElse].filter((p) => p !== undefined)) {
          const other = own[partner];
          assert.ok(other, `${command.name} --${name} goes with --${partner}, which it does not take`);
          assert.ok(other.with === undefined && other.orElse === undefined, `--${partner} stands alone`);
        }
      }
      for (const argument of command.help.arguments)
        if (argument.with !== undefined)
          assert.ok(own[argument.with], `${command.name} ${argument.name} belongs to --${argument.with}`);
    });
  }
});

describe("the usage line made from declarations", () => {
  const command = (options: CliOptions, formats = ["pretty", "json"]): Command => ({
    name: "demo",
    summary: "a command for this test",
    formats,
    help: {
      arguments: [
        { name: "<input>", text: "what to read" },
        { name: "[registry]", text: "whose sources", with: "sources" },
      ],
      options,
      usageNotes: ["a note under it"],
      exitCodes: { 0: "done", 2: "usage error" },
      examples: [
        { command: "agentc demo a", text: "one" },
        { command: "agentc demo b", text: "two" },
      ],
    },
    run: async () => 0,
  });

  it("brackets each option, nests one that goes with another, pairs the other choice, marks repeats", () => {
    const usage = usageLine(
      command({
        out: { value: "DIR", text: "where", required: true },
        watch: { text: "again and again" },
        install: { value: "PROJECT", text: "into", with: "watch" },
        "take-new": { text: "theirs" },
        "keep-mine": { text: "mine", orElse: "take-new" },
        accept: { value: "PACKAGE", text: "this one", repeatable: true },
        sources: { text: "a registry's sources instead" },
      }),
    );
    assert.equal(
      usage,
      "agentc demo <input> --out DIR [--watch [--install PROJECT]] [--take-new | --keep-mine] [--accept PACKAGE]... [--sources [registry]] [--format pretty|json]\n       a note under it",
    );
  });

  it("shows --format only when there is a choice", () => {
    assert.equal(usageLine(command({}, ["pretty"])), "agentc demo <input>\n       a note under it");
  });

  it("the parser refuses a command line without a required option, and its help says it is required", () => {
    const demo = command({ out: { value: "DIR", text: "where", required: true } });
    assert.throws(() => parseCommandArgs(demo, ["a"]), /--out is required: --out DIR/);
    assert.match(renderCommandHelp(demo), /--out DIR +where \(required\)/);
  });
});

describe("agentc <command> --help", () => {
  for (const command of commands) {
    it(`${command.name} --help lists every option on one line, the exit codes and two examples`, async () => {
      const result = await runAgentc([command.name, "--help"]);
      assert.equal(result.status, 0, result.stderr);
      const lines = result.stdout.split("\n");
      for (const name of Object.keys(everyOption(command))) {
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
