import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runImport } from "../support/import-run.js";
import { testdir } from "../support/testdir.js";

/**
 * Found on madflow/next-project: its OpenCode agents write `name: deslopify` in .opencode/agent/deslopify.md.
 * OpenCode reads no `name` (the file's name names the agent), so import said "name" has no neutral
 * equivalent and was not imported, for every agent, although the core names each agent so.
 */
describe("a name field that says the item's own name", () => {
  const agent = (name: string) =>
    `---\nname: ${name}\nmode: subagent\ndescription: Checks a diff\n---\nCheck the diff.\n`;
  const command = (name: string) => `---\nname: ${name}\ndescription: Writes notes\n---\nWrite the notes.\n`;

  it("is no loss where the client reads none: the file's name says it, and the core agent is named so", async () => {
    const run = await runImport(
      testdir({
        "AGENTS.md": "# Project\n\nUse tabs.\n",
        ".opencode/agent/deslopify.md": agent("deslopify"),
        ".opencode/agent/tidy.md": agent("tidy-up"),
        ".opencode/command/notes.md": command("notes"),
      }),
    );
    assert.equal(run.status, 0, run.stderr);
    const messages: string[] = run.json.diagnostics.map((d: { message: string }) => d.message);
    assert.deepEqual(
      messages.filter((m) => m.includes('"name" of')),
      ['"name" of .opencode/agent/tidy.md has no neutral equivalent: not imported'],
      "only the name that is not the file's is reported",
    );
    assert.ok(
      messages.some((m) => m.includes('"mode" of .opencode/agent/deslopify.md')),
      "the other fields the core has no place for are still reported",
    );
    const core = readFileSync(join(run.out, "core", "agents", "deslopify.md"), "utf8");
    assert.match(core, /^---\nname: deslopify\n/);
  });
});
