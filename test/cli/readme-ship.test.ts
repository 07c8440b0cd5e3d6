import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { commandIndex } from "../../src/cli/command-index.js";
import { everyOption } from "../../src/cli/common-options.js";
import { packageRoot } from "../../src/shared/package-paths.js";

const readme = readFileSync(join(packageRoot, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("## Ship it to every repository"), readme.indexOf("## Checks"));
const blocks = (lang: string): string[] =>
  [...section.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, "g"))].map((m) => m[1] as string);

/** Every `agentc <command> --flag` in a text: the command must exist and take each flag. */
async function checkInvocations(text: string): Promise<number> {
  let seen = 0;
  for (const [, command, rest] of text.matchAll(/agentc (\w+)([^\n|]*)/g)) {
    const entry = commandIndex.find((c) => c.name === command);
    assert.ok(entry, `README runs agentc ${command}, which is not a command`);
    const options = everyOption(await entry.load());
    for (const [, flag] of (rest ?? "").matchAll(/--([a-z-]+)/g))
      assert.ok(flag && flag in options, `agentc ${command} takes no --${flag}`);
    seen++;
  }
  return seen;
}

describe("README: Ship it to every repository", () => {
  it("holds GitHub Actions workflows that parse and run only commands and flags agentc has", async () => {
    const workflows = blocks("yaml").map(
      (text) => parse(text) as { on: unknown; jobs: Record<string, { steps: { run?: string }[] }> },
    );
    assert.equal(workflows.length, 2);
    let runs = 0;
    for (const workflow of workflows) {
      assert.ok(workflow.on);
      for (const job of Object.values(workflow.jobs))
        for (const step of job.steps) if (step.run) runs += await checkInvocations(step.run);
    }
    assert.ok(runs >= 4);
    for (const text of blocks("sh")) await checkInvocations(text);
  });
});
