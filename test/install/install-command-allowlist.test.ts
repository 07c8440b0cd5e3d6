import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";

import { snapshot, withoutAgentc } from "../support/install-fixture.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** A person's own Cursor IDE allowlists, with comments (the file is JSONC). */
const personsAllowlist = `// approvals for this repository
{
  "terminalAllowlist": ["git status"], // read-only
  "mcpAllowlist": ["github:*"]
}
`;

async function teamBuild(): Promise<string> {
  const out = testdir();
  const build = await runAgentc(["build", "examples/team", "--out", out, "--quiet"]);
  assert.equal(build.status, 0, build.stderr);
  return out;
}

const install = (bundle: string, project: string) =>
  runAgentc(["install", bundle, "--project", project, "--components", "cursor", "--yes"]);

describe("exec policy as a command allowlist (Cursor IDE, .cursor/permissions.json)", async () => {
  const bundle = await teamBuild();

  it("the core's allowed commands join the person's terminalAllowlist; uninstall gives the file back byte for byte", async () => {
    const project = testdir({ "README.md": "# app\n", ".cursor/permissions.json": personsAllowlist });
    const before = snapshot(project, withoutAgentc);
    const result = await install(bundle, project);
    assert.equal(result.status, 0, result.stderr);
    assert.match(
      result.stdout,
      /update +\.cursor\/permissions\.json \(shared json file, 2 values\)\n {15}\+ terminalAllowlist\[\] "npm test"\n {15}\+ terminalAllowlist\[\] "npm run lint"\n/,
    );
    assert.equal(
      readFileSync(join(project, ".cursor/permissions.json"), "utf8"),
      personsAllowlist.replace('["git status"]', '["git status", "npm test", "npm run lint"]'),
    );
    assert.equal((await runAgentc(["uninstall", "--project", project, "--yes"])).status, 0);
    assert.deepEqual(snapshot(project, withoutAgentc), before);
  });

  it("without a file of the person's, agentc creates it and uninstall removes it", async () => {
    const project = testdir({ "README.md": "# app\n" });
    assert.equal((await install(bundle, project)).status, 0);
    const written = JSON.parse(readFileSync(join(project, ".cursor/permissions.json"), "utf8"));
    assert.deepEqual(written, { terminalAllowlist: ["npm test", "npm run lint"] });
    assert.equal((await runAgentc(["uninstall", "--project", project, "--yes"])).status, 0);
    assert.equal(existsSync(join(project, ".cursor/permissions.json")), false);
  });

  it("the matrix says who reads it and what it replaces; a denied command stays a reported limit", async () => {
    const matrix = readFileSync(join(bundle, "CAPABILITIES.md"), "utf8");
    assert.match(
      matrix,
      /written as "npm test" in \.cursor\/permissions\.json terminalAllowlist; it matches every command that starts with these words; only the Cursor IDE reads it \(the Cursor CLI takes no command rule\), and while the project's file has this list it replaces the terminal allowlist/,
    );
    const verbose = await runAgentc([
      "build",
      "test/fixtures/client-registry",
      "--out",
      testdir(),
      "--verbose",
    ]);
    assert.match(
      verbose.stdout + verbose.stderr,
      /Cursor cannot express: deny Exec\(rm -rf\) \(\.cursor\/permissions\.json has no list for "deny"; it only lets commands auto-run/,
    );
  });
});
