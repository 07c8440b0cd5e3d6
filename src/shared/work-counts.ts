import { writeFileSync } from "node:fs";

/**
 * Counts of the work a run does, for `npm run bench -- --check` (docs/benchmark.md): counts, not times,
 * so a rise shows on any machine. Counting is on only when AGENTC_WORK_COUNTS names a file; the counts are
 * written there as JSON when the process exits. Off, countWork is one comparison.
 */
export const workKinds = [
  "files read",
  "YAML documents parsed",
  "schema validations",
  "schemas compiled at run time",
  "bytes scanned by output checks",
] as const;

export type WorkKind = (typeof workKinds)[number];

const countsFile = process.env.AGENTC_WORK_COUNTS;
const counts: Record<WorkKind, number> | undefined = countsFile ? zeroCounts() : undefined;

if (countsFile && counts)
  process.on("exit", () => writeFileSync(countsFile, `${JSON.stringify(counts, null, 2)}\n`));

export function countWork(kind: WorkKind, amount = 1): void {
  if (counts !== undefined) counts[kind] += amount;
}

function zeroCounts(): Record<WorkKind, number> {
  return Object.fromEntries(workKinds.map((kind) => [kind, 0])) as Record<WorkKind, number>;
}
