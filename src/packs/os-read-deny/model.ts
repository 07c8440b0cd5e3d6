import type { PackBase } from "../section.js";

/**
 * Whether the client can refuse reads at the operating-system level (its sandbox), and what agentc
 * writes for it. One of: `write` (values composed into a settings file when the registry denies reads),
 * `through: "permissions"` (the read rules of `permissions` are that barrier), `not_written_because`
 * (the client has one that a project cannot switch on) or `none_because` (it has none).
 */
export interface OsReadDeny {
  /** What the client calls it ("sandbox", "tool sandboxing"). */
  name?: string;
  write?: OsReadDenyWrite;
  through?: "permissions";
  /** Why what agentc writes holds only in part (commands outside the sandbox, a missing tool). */
  partial_because?: string;
  not_written_because?: string;
  none_because?: string;
}

/** The values that switch a client's sandbox on and the lists of paths it refuses to read. */
export interface OsReadDenyWrite {
  file: string;
  format: "json" | "toml";
  /** Values at whole key paths that switch it on (`sandbox.enabled: true`). */
  values_at: { path: string[]; value: unknown }[];
  /** The list of paths it refuses to read; absent: it takes none, and covers only what its own list names. */
  deny_key?: string[];
  /** The list of paths it reads again inside a refused region (the guard's .env templates). */
  allow_key?: string[];
  /** How a path is written, `{path}` its slot: under the project root, in any folder of it, under the home folder. */
  path_forms?: { project: string; anywhere: string; home: string };
}

/**
 * The part of a client pack the section reads: its own key, and of the permissions section the file and
 * the partial reason that a sandbox `through: "permissions"` rests on.
 */
export type OsReadDenyPack = PackBase & {
  os_read_deny?: OsReadDeny;
  facts?: Record<string, { for: string[] }>;
  permissions?: { file: string; partial_because?: string };
};

/** What the section's reader finds. */
export interface OsReadDenyFound {
  /** True when the client's sandbox is switched on as agentc writes it for the core's denied reads. */
  sandboxesReads?: boolean;
}

/**
 * What the reader needs of the other sections' findings (it reads after them): the read rules the
 * permissions gave, and whether the hooks file carries the secret guard.
 */
export interface OsReadDenySeen {
  permissions: { deny: readonly { verb: string; patterns: readonly string[] }[] };
  guard: boolean;
}
