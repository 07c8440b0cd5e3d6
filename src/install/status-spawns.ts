import type { Finding } from "./model/drift.js";
import type { InstallRecord } from "./model/record.js";
import type { ProjectState } from "./project/project-state.js";

// What `status` says about the installed capability packages: retirements (drift), run-time data and notes.

/** A capability retired by a run that was rolled back: its files are there, what its spawn hook set up is not. */
export function retiredSpawns(record: InstallRecord): Finding[] {
  return (record.spawned ?? []).flatMap((s) =>
    s.state === "retired"
      ? [
          {
            path: s.home,
            kind: "retired" as const,
            detail: `capability ${s.capability} was retired (its retire hook ran) by an uninstall or install that did not finish, and its files were put back; agentc install spawns it again, agentc uninstall finishes removing it`,
          },
        ]
      : [],
  );
}

/** A capability whose spawn hook did not run or failed: not drift, but not configured either. */
export function spawnNotes(record: InstallRecord): Finding[] {
  return (record.spawned ?? []).flatMap((s) =>
    s.state === "skipped" || s.state === "failed"
      ? [
          {
            path: s.home,
            kind: "spawn" as const,
            detail:
              s.state === "skipped"
                ? `capability ${s.capability}: its spawn hook was not run (hooks were not allowed); install with --allow-hooks to run it`
                : `capability ${s.capability}: its optional spawn hook failed; it runs again when the package changes`,
          },
        ]
      : [],
  );
}

/** Files a capability's hooks wrote into its home: the package's run-time data, listed as notes. */
export function runtimeData(state: ProjectState, record: InstallRecord): Finding[] {
  const known = new Set(record.entries.map((e) => e.path));
  return (record.spawned ?? []).flatMap((s) =>
    state
      .listFiles(s.home)
      .filter((path) => !known.has(path))
      .map((path) => ({
        path,
        kind: "run-time data" as const,
        detail: `written by the hooks of capability ${s.capability} into its home (not drift)`,
      })),
  );
}
