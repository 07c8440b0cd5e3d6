import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { adoptionCycle, assertIdentity, registryText } from "../support/adoption-cycle.js";

/**
 * A workflow whose prompt says $ARGUMENTS, of a client with no placeholder for the text typed after a command
 * (Windsurf's arguments_placeholder: null; HaoNgo232/agent-bridge has ten such workflows). The build writes the
 * command for no such client, so import keeps no copy of the file for the build to write back: before, native.json
 * listed it and the first build of the fresh registry warned AGC190 with a hint to choose a component that was
 * chosen. The file stays the project's, and the round trip says so as an info, not as a file the build "writes
 * where its format puts it".
 */
const fixture = join(packageRoot, "test", "fixtures", "adoption", "50-windsurf-workflow-arguments");

describe("a command with $ARGUMENTS of a client without a placeholder", () => {
  it("keeps no native copy, builds without AGC190, and the round trip is the identity", async () => {
    const cycle = await adoptionCycle(fixture);
    assertIdentity(cycle);
    const index = JSON.parse(registryText(cycle, "native.json")) as { files: { path: string }[] };
    const copied = index.files.map((f) => f.path);
    assert.ok(copied.includes(".windsurf/workflows/check.md"), copied.join(", "));
    assert.ok(!copied.includes(".windsurf/workflows/release.md"), copied.join(", "));
    assert.doesNotMatch(cycle.buildRun.stdout + cycle.buildRun.stderr, /AGC190/);
    const said = cycle.importRun.stdout + cycle.importRun.stderr;
    assert.match(said, /release\.md:1:1: warning AGC128 .*says \$ARGUMENTS/);
    assert.match(
      said,
      /release\.md:1:1: info AGC129 the build of the imported registry writes no \.windsurf\/workflows\/release\.md: its client has no placeholder/,
    );
    assert.doesNotMatch(said, /release\.md:1:1: warning AGC129/);
  });
});
