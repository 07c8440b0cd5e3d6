import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { adoptionCycle, assertIdentity } from "../support/adoption-cycle.js";
import { testdir } from "../support/testdir.js";

/**
 * A native file at a path agentc cannot install (a name Windows reserves, as `aux.mdc` or a skill folder `con`; a
 * character Windows forbids; a name macOS wrote in decomposed Unicode) was imported with its path, and the first
 * build of the imported registry failed (AGC190: "uses the reserved device name", native.json) with a hint to
 * choose a component. Import now leaves such a file out where it would read it, says why (AGC127), and the file
 * stays the project's own. (Not a fixture folder: a checkout on Windows could not hold it.)
 */
describe("native files at paths agentc cannot install", () => {
  it("are left out and named, and the round trip is the identity", async () => {
    const decomposed = ".claude/commands/déployer.md".normalize("NFD");
    const project = testdir({
      "AGENTS.md": "# Firmware\n\nBuild with `make`; never commit the generated headers.\n",
      ".cursor/rules/aux.mdc": "---\nalwaysApply: true\n---\n\nThe aux board speaks I2C at 400 kHz.\n",
      ".cursor/rules/why?.mdc": "---\nalwaysApply: true\n---\n\nExplain why before how.\n",
      ".cursor/rules/style.mdc": "---\nalwaysApply: true\n---\n\nUse C17.\n",
      ".claude/skills/con/SKILL.md":
        "---\nname: con\ndescription: Opens the serial console\n---\n\nRun `make console`.\n",
      [decomposed]: "---\ndescription: Deploy the firmware\n---\n\nFlash the board.\n",
    });
    const cycle = await adoptionCycle(project);
    assertIdentity(cycle);
    const said = cycle.importRun.stdout;
    for (const [path, why] of [
      [".cursor/rules/aux.mdc", 'uses the reserved device name "aux.mdc"'],
      [".cursor/rules/why?.mdc", 'has a character Windows forbids in "why?.mdc"'],
      [".claude/skills/con/SKILL.md", 'uses the reserved device name "con"'],
      [decomposed, "is not in Unicode normal form C"],
    ])
      assert.ok(
        said.includes(
          `${path}:1:1: warning AGC127 ${path} ${why}, a path agentc cannot install, so it is not imported`,
        ),
        said,
      );
    assert.match(said, /imported agents-md, claude-code, cursor/);
    assert.match(
      said,
      /hint: Rename it in the project if the registry should carry it \(agentc installs no such path on any system\)/,
    );
    assert.doesNotMatch(cycle.buildRun.stdout + cycle.buildRun.stderr, /AGC190/);
  });
});
