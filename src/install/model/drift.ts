/** What `agentc status` reports about one path: how it drifted from the install record, or a note. */
export type DriftKind =
  | "modified"
  | "missing"
  | "foreign"
  | "bundle-changed"
  | "interrupted"
  | "record"
  | "retired";

export interface Finding {
  path: string;
  /** for a shared file: the owned value (mcpServers.docs) the finding is about */
  key?: string;
  kind: DriftKind | "seed-edited" | "own" | "parked" | "edited" | "spawn" | "run-time data";
  detail: string;
}
