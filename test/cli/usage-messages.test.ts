import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** A usage error in agentc's own words: exit 2, the command's usage, a pointer to its --help. */
async function assertUsage(args: string[], expected: RegExp): Promise<string> {
  const result = await runAgentc(args);
  assert.equal(result.status, 2, result.stderr);
  assert.match(result.stderr, expected);
  assert.match(result.stderr, new RegExp(`usage: agentc ${args[0]}`));
  assert.match(result.stderr, new RegExp(`hint: 'agentc ${args[0]} --help'`));
  assert.doesNotMatch(result.stderr, /To specify a positional argument|ERR_PARSE_ARGS|\n {4}at /);
  return result.stderr;
}

describe("usage errors", () => {
  it("an unknown option names the command's options, never Node's text", async () => {
    const text = await assertUsage(
      ["install", "build", "--global"],
      /unknown option --global for 'agentc install'/,
    );
    assert.match(text, /its options are --project, --scope, --components/);
  });

  it("a misspelt option gets a did-you-mean", async () => {
    await assertUsage(
      ["install", "build", "--projet", "x"],
      /unknown option --projet; did you mean --project\?/,
    );
    await assertUsage(["build", "--ofline"], /did you mean --offline\?/);
    await assertUsage(["status", "--fromat", "json"], /did you mean --format\?/);
  });

  it("an option without its value says which value it takes", async () => {
    await assertUsage(["build", ".", "--out"], /--out needs a value: --out DIR/);
    await assertUsage(["install", "build", "--integrity"], /--integrity needs a value: --integrity HASH/);
    await assertUsage(
      ["build", ".", "--out", "--quiet"],
      /--out needs a value, not the option --quiet: --out DIR/,
    );
  });

  it("a switch given a value is refused", async () => {
    await assertUsage(["install", "build", "--yes=no"], /--yes is a switch and takes no value/);
  });

  it("a missing argument says what to give", async () => {
    await assertUsage(["install"], /give the bundle to install/);
    await assertUsage(["publish", "build"], /give what to publish and where/);
    await assertUsage(["outdated"], /give the projects to look at/);
  });

  it("a misspelt command gets a did-you-mean", async () => {
    const result = await runAgentc(["instal"]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /unknown command "instal"; did you mean 'install'\?/);
  });

  it("uninstall accepts --yes like every command that can ask", async () => {
    const project = testdir();
    const result = await runAgentc(["uninstall", "--yes", "--project", project]);
    assert.notEqual(result.status, 2, result.stderr);
    assert.doesNotMatch(result.stderr, /unknown option/);
    for (const command of ["init", "install", "update", "uninstall"])
      assert.match((await runAgentc([command, "--help"])).stdout, /-y, --yes /, command);
  });
});
