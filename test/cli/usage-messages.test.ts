import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { runCli } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** A usage error in agentc's own words: exit 2, the command's usage, a pointer to its --help. */
function assertUsage(args: string[], expected: RegExp): string {
  const result = runCli(args, { cwd: testdir() });
  assert.equal(result.status, 2, result.stderr);
  assert.match(result.stderr, expected);
  assert.match(result.stderr, new RegExp(`usage: agentc ${args[0]}`));
  assert.match(result.stderr, new RegExp(`hint: 'agentc ${args[0]} --help'`));
  assert.doesNotMatch(result.stderr, /To specify a positional argument|ERR_PARSE_ARGS|\n {4}at /);
  return result.stderr;
}

describe("usage errors", () => {
  it("an unknown option names the command's options, never Node's text", () => {
    const text = assertUsage(
      ["install", "build", "--global"],
      /unknown option --global for 'agentc install'/,
    );
    assert.match(text, /its options are --project, --components/);
  });

  it("a misspelt option gets a did-you-mean", () => {
    assertUsage(["install", "build", "--projet", "x"], /unknown option --projet; did you mean --project\?/);
    assertUsage(["build", "--ofline"], /did you mean --offline\?/);
    assertUsage(["status", "--fromat", "json"], /did you mean --format\?/);
  });

  it("an option without its value says which value it takes", () => {
    assertUsage(["build", ".", "--out"], /--out needs a value: --out DIR/);
    assertUsage(["install", "build", "--integrity"], /--integrity needs a value: --integrity HASH/);
    assertUsage(["build", ".", "--out", "--quiet"], /--out needs a value, not the option --quiet: --out DIR/);
  });

  it("a switch given a value is refused", () => {
    assertUsage(["install", "build", "--yes=no"], /--yes is a switch and takes no value/);
  });

  it("a missing argument says what to give", () => {
    assertUsage(["install"], /give the bundle to install/);
    assertUsage(["publish", "build"], /give what to publish and where/);
    assertUsage(["outdated"], /give the projects to look at/);
  });

  it("a misspelt command gets a did-you-mean", () => {
    const result = runCli(["instal"]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /unknown command "instal"; did you mean 'install'\?/);
  });

  it("uninstall accepts --yes like every command that can ask", () => {
    const project = testdir();
    const result = runCli(["uninstall", "--yes", "--project", project]);
    assert.notEqual(result.status, 2, result.stderr);
    assert.doesNotMatch(result.stderr, /unknown option/);
    for (const command of ["init", "install", "update", "uninstall"])
      assert.match(runCli([command, "--help"]).stdout, /-y, --yes /, command);
  });
});
