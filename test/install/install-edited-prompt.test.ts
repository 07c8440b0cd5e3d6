import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { install, makeBundle } from "../support/install-fixture.js";
import { keys, runOnTerminal } from "../support/pty-session.js";
import { testdir } from "../support/testdir.js";

const bundle = (text: string, version: string) =>
  makeBundle({ version, components: { rules: { required: true, files: { "rules/a.md": text } } } });

describe("an edited owned file on a terminal: asked per file, as dpkg asks about conffiles", () => {
  it("shows the diff, then takes the new version; the edit is saved as .agentc-old", async () => {
    const project = testdir();
    assert.equal((await install(bundle("# A\n\nfirst rule\n", "1.0.0"), project)).status, 0);
    writeFileSync(join(project, "rules/a.md"), "# A\n\nfirst rule, my way\n");
    const r = await runOnTerminal(
      ["install", bundle("# A\n\nfirst rule\nsecond rule\n", "2.0.0"), "--project", project, "--all"],
      "was edited by you",
      [keys.down, keys.down, keys.enter, keys.down, keys.enter],
    );
    assert.equal(r.status, 0, r.screen);
    assert.match(r.screen, /rules\/a\.md was edited by you, and the new build changes it/);
    assert.match(r.screen, /- first rule, my way\n[^\n]*\+ first rule\n[^\n]*\+ second rule/);
    assert.equal(readFileSync(join(project, "rules/a.md"), "utf8"), "# A\n\nfirst rule\nsecond rule\n");
    assert.equal(readFileSync(join(project, "rules/a.md.agentc-old"), "utf8"), "# A\n\nfirst rule, my way\n");
  });

  it("keep mine (the default answer) keeps the edit and parks the new version beside it", async () => {
    const project = testdir();
    assert.equal((await install(bundle("v1\n", "1.0.0"), project)).status, 0);
    writeFileSync(join(project, "rules/a.md"), "mine\n");
    const r = await runOnTerminal(
      ["install", bundle("v2\n", "2.0.0"), "--project", project, "--all"],
      "was edited by you",
      [keys.enter],
    );
    assert.equal(r.status, 0, r.screen);
    assert.equal(readFileSync(join(project, "rules/a.md"), "utf8"), "mine\n");
    assert.equal(readFileSync(join(project, "rules/a.md.agentc-new"), "utf8"), "v2\n");
  });
});
