import type { SpawnRecord } from "../model/spawn-record.js";

/**
 * A capability whose spawn hook has started in the running transaction, as the journal keeps it: enough to
 * retire it after a failure or a crash without the bundle. A re-spawn of an upgraded package is not retired:
 * its earlier spawn stands, and rolling back returns to it.
 */
export interface JournalSpawn {
  component: string;
  capability: string;
  layer: string;
  home: string;
  environment: string[];
  /** the retire hook's command, when the package declares one */
  retire?: string;
  meta?: unknown;
  respawn: boolean;
}

export function journalSpawnOf(record: SpawnRecord, retire: string | undefined): JournalSpawn {
  return {
    component: record.component,
    capability: record.capability,
    layer: record.layer,
    home: record.home,
    environment: record.environment,
    ...(retire !== undefined ? { retire } : {}),
    ...(record.meta !== undefined ? { meta: record.meta } : {}),
    respawn: false,
  };
}
