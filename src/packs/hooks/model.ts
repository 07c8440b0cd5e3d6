import type { HookEvent, Verb } from "../../core/model.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { PackBase } from "../section.js";
import type { KeyPath } from "../shared/unfill-template.js";

/** The slots of a hook entry template (HookMapping.entry), each filled by emit.ts; no other slot is ever filled. */
export const hookEntrySlots = ["matcher", "command", "timeout", "description", "fail_closed"] as const;

export type HookEntrySlot = (typeof hookEntrySlots)[number];

/** How hooks are written (seed: hook_tools, hook_path_fields, hook_mcp_prefixes, …). */
export interface HookMapping {
  file: string;
  format: "json" | "toml";
  /** Key path of the object holding events, e.g. ["hooks"]. */
  key: string[];
  /** Neutral event → the client's event name; a missing event cannot be expressed. */
  events: Partial<Record<HookEvent, string>>;
  /** Clients with one event per tool kind (Cursor): before_tool for a verb goes to this event instead. */
  events_by_verb?: Partial<Record<Verb, string>>;
  /** The same for after_tool (edit → post_write_code). */
  after_events_by_verb?: Partial<Record<Verb, string>>;
  /** Neutral verb → matcher names for tool events. */
  hook_tools: Partial<Record<Verb, string[]>>;
  /** How matcher names are joined into one matcher; absent: the client has no matchers. */
  matcher_join?: string;
  /**
   * One hook entry as JSON with the slots "{matcher}", "{command}", "{timeout}", "{description}" and
   * "{fail_closed}" (fail_closed_value, default true, for a fail_closed hook) (whole-string values; a slot with no value drops its
   * key). A core timeout or description the entry has no slot for is reported as lost.
   */
  entry: Record<string, unknown>;
  /** Seconds the client waits for a hook whose entry sets no timeout (its documented default). */
  default_timeout?: number;
  /** The unit of "{timeout}" (core timeouts are seconds); default "seconds". */
  timeout_unit?: "seconds" | "milliseconds";
  /** Values at the top of the hooks file (e.g. {"version": 1}). */
  file_extra?: Record<string, unknown>;
  hook_path_fields: string[];
  hook_mcp_prefixes: string[];
  /** Environment variable holding the project root in hook commands (absent: relative to cwd). */
  hook_project_dir_var?: string;
  /**
   * True when the client starts hook commands in the project root (by its own rule, or because the
   * entry template names it, e.g. `"cwd": "."`). With neither this nor hook_project_dir_var, the
   * guard's relative path is found only when the client is started at the project root (reported).
   */
  hooks_run_in_project_root?: boolean;
  /** True when the client blocks the call on a hook's exit 2 / deny answer. */
  hook_can_block: boolean;
  /** True when a crash or timeout of the hook blocks too (else only the guard's own exit 2 does). */
  hook_fail_closed: boolean;
  /** The first client version that keeps hook_fail_closed; older versions fail open (reported). */
  hook_fail_closed_since?: string;
  /** What "{fail_closed}" writes for a fail_closed hook; default true. */
  fail_closed_value?: unknown;
}

/** Wiring of the secret guard (assets/hooks/agentc-guard.mjs) as an owned program asset and a hook. */
export interface GuardWiring {
  /** Project path of the guard program, placeholders allowed. */
  path: string;
  /**
   * The hook command; "{path}" is the guard's path (after placeholders), anchored at the project root
   * as "$VAR/path" (quoted) when the hooks give the project root in hook_project_dir_var.
   */
  command: string;
  /** Verbs whose tool calls the guard inspects. */
  verbs: Verb[];
  timeout?: number;
  /** The hook matcher as written, instead of the verbs' tool names ("*": every tool, new ones too). */
  matcher?: string;
  /**
   * The guard is called with --fail-closed (default true): a payload it cannot read blocks the call.
   * false: such a payload goes through (seed 001 without hook_fail_closed); secrets it reads still block.
   */
  fail_closed?: boolean;
  /**
   * The guard is called with --ask: a call it cannot judge (a name built when the command runs) is
   * put to the person, in the answer form the client's payload calls for, instead of blocked. Only
   * for clients whose hooks honour an "ask" answer (docs/guard.md); default false (block).
   */
  ask?: boolean;
}

/** A hook read back from a client's entry. */
export interface ReadHook {
  event: HookEvent;
  /** null: every tool; undefined: the client has no matchers, so its file cannot say. */
  verbs?: Verb[] | null;
  command: string;
  timeout?: number;
  failClosed?: boolean;
  description?: string;
  position: Position;
  /** The client packs that write it, when not every chosen pack does (core/hooks.json `clients`). */
  clients?: string[];
}

/** What one client hook entry gives: a neutral hook, the guard, or why it cannot be read back. */
export type HookReading =
  | { hook: ReadHook; lost: { path: KeyPath; message: string }[] }
  | { guard: true }
  | { problem: string };

/** A hook read from a client's file, with the packs whose files had it (merged across readings). */
export interface ImportedHook extends ReadHook {
  readBy?: string[];
}

/** What the hooks section's reader finds: the hooks, and whether the secret guard's entry is there. */
export interface HooksFound {
  hooks: ImportedHook[];
  /** True when a native hooks file carries agentc's secret guard. */
  guard: boolean;
}

/** The part of a client pack the hooks section reads. */
export type HooksPack = PackBase & { hooks?: HookMapping; agent_start_tools?: string[]; guard?: GuardWiring };
