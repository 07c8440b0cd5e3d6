/**
 * What the install record keeps of each installed capability package (`spawned` in .agentc/installed.json):
 * the content it was spawned from, the hooks approved with it, and what its spawn hook returned.
 */
export type SpawnState =
  | "ok" // the spawn hook ran and succeeded
  | "none" // the package declares no spawn hook
  | "skipped" // not run: hooks were not allowed (an optional hook only)
  | "failed" // an optional spawn hook failed (a warning); retried when the package changes
  | "retired"; // its retire hook ran (or was about to) in a run that did not finish: spawned again by the next install

export interface SpawnRecord {
  component: string;
  capability: string;
  version: string;
  home: string;
  layer: string;
  environment: string[];
  /** sha256 over the package's manifest block and the hash lines of its files: what consent was given for */
  content_sha256: string;
  /** the manifest's hook lines, as approved */
  hooks: string[];
  state: SpawnState;
  /** the launch environment the spawn hook returned (names from `environment` only) */
  env: Record<string, string>;
  /** what the spawn hook returned as `meta`, handed to its retire hook */
  meta?: unknown;
}

/** Fixed key order and sorted env, so equal state gives equal bytes. */
export function serialSpawn(s: SpawnRecord): SpawnRecord {
  return {
    component: s.component,
    capability: s.capability,
    version: s.version,
    home: s.home,
    layer: s.layer,
    environment: [...s.environment],
    content_sha256: s.content_sha256,
    hooks: [...s.hooks],
    state: s.state,
    env: Object.fromEntries(Object.entries(s.env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    ...(s.meta !== undefined ? { meta: s.meta } : {}),
  };
}

const spawnStates: readonly string[] = ["ok", "none", "skipped", "failed", "retired"] satisfies SpawnState[];

/** Whether its retire hook is due when it leaves: it was spawned, or a run that retired it did not finish. */
export function mayRetire(record: SpawnRecord): boolean {
  return record.state === "ok" || record.state === "retired";
}

/** Why a `spawned` element of a (possibly hand-edited) record is not a SpawnRecord, or undefined. */
export function spawnRecordProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "is not an object";
  const v = value as Record<string, unknown>;
  const text = ["component", "capability", "version", "home", "layer", "content_sha256"];
  const notText = text.find((key) => typeof v[key] !== "string");
  if (notText) return `has no string "${notText}"`;
  const lists = ["environment", "hooks"];
  const notList = lists.find(
    (key) => !Array.isArray(v[key]) || !(v[key] as unknown[]).every((x) => typeof x === "string"),
  );
  if (notList) return `has no list of strings "${notList}"`;
  if (typeof v.state !== "string" || !spawnStates.includes(v.state))
    return `has a "state" other than ${spawnStates.join(", ")}`;
  const env = v.env;
  if (
    typeof env !== "object" ||
    env === null ||
    Array.isArray(env) ||
    !Object.values(env).every((x) => typeof x === "string")
  )
    return 'has no "env" object of strings';
  return undefined;
}
