/** What `agentc status` reports about one path: how it drifted from the install record, or a note. */
export type DriftKind =
  | "modified"
  | "missing"
  | "foreign"
  | "bundle-changed"
  | "interrupted"
  | "record"
  | "retired"
  | "parked";

export interface Finding {
  path: string;
  /** for a shared file: the owned value (mcpServers.docs) the finding is about */
  key?: string;
  kind: DriftKind | "seed-edited" | "own" | "spawn" | "run-time data";
  detail: string;
}
