/**
 * `npm test` runs a bounded slice of the conformance tests: each assistant CLI's first real session (what
 * it loads from the installed project) and the cheap checks. The other sessions (commands, the guard,
 * permission rules, more listings) start the CLI again and again, and belong to the full run:
 * `npm run test:conformance`, or AGENTC_CONFORMANCE=full with any test command. A test beyond the
 * slice takes this as its options and is reported as skipped, with the command that runs it.
 */
export const fullConformance: { skip?: string } =
  process.env.AGENTC_CONFORMANCE === "full"
    ? {}
    : { skip: "beyond npm test's slice: npm run test:conformance (AGENTC_CONFORMANCE=full) runs it" };
