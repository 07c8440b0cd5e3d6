import { type InstallRecord, recordPathIn, serializeRecord } from "../model/record.js";
import type { ProjectWriter } from "./fs-ops.js";
import { writeDurably } from "./journal.js";

/**
 * Marks capabilities as retired in the install record, durably, before their retire hooks run. A retire hook
 * acts outside the files the journal can put back (a server, a folder it made), so if the run that retires
 * them is then rolled back (a signal, a full disk, a crash), the record still tells the truth: `status`
 * reports them and the next install spawns them again. The launch environment their spawn hook returned is
 * dropped with it; their `meta` stays for a retire hook that runs again.
 */
export function recordRetiring(
  fs: ProjectWriter,
  root: string,
  record: InstallRecord,
  components: ReadonlySet<string>,
): void {
  if (components.size === 0) return;
  const spawned = (record.spawned ?? []).map((s) =>
    components.has(s.component) ? { ...s, state: "retired" as const, env: {} } : s,
  );
  writeDurably(fs, root, recordPathIn(root), Buffer.from(serializeRecord({ ...record, spawned })));
}
