/**
 * What the install record keeps of each installed capability package (`spawned` in .agentc/installed.json):
 * the content it was spawned from, the hooks approved with it, and what its spawn hook returned.
 */
export type SpawnState =
  | "ok" // the spawn hook ran and succeeded
  | "none" // the package declares no spawn hook
  | "skipped" // not run: hooks were not allowed (an optional hook only)
  | "failed"; // an optional spawn hook failed (a warning); retried when the package changes

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
