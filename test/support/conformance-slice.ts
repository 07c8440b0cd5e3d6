import type { TestContext } from "node:test";

/**
 * `npm test` runs a bounded slice of the conformance tests: each assistant CLI's first real session (what
 * it loads from the installed project) and the cheap checks. The other sessions (commands, the guard,
 * permission rules, sandboxes, more modes) start the CLI again and again and belong to the full run:
 * `npm run test:conformance`, or AGENTC_CONFORMANCE=full with any test command. The guard's sessions in the real
 * Claude Code (test/guard/guard-claude-*) are sliced the same way: `npm run test:guard-sessions` runs them all.
 */
export const fullConformance = process.env.AGENTC_CONFORMANCE === "full";

/**
 * True, with the test marked skipped and the command that runs it, when the test is beyond the slice. `script`
 * is the npm script that runs its file with AGENTC_CONFORMANCE=full, when the file is not in test/conformance.
 */
export function beyondSlice(t: TestContext, script = "test:conformance"): boolean {
  if (fullConformance) return false;
  t.skip(`beyond npm test's slice: npm run ${script} (AGENTC_CONFORMANCE=full) runs it`);
  return true;
}
