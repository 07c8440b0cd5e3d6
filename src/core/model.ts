import type { Position } from "../diagnostics/diagnostic.js";
import type { PositionOf } from "../documents/schema-validation.js";

/** Tool-neutral verbs; client packs map each to the client's own tool names. */
export const verbs = ["read", "grep", "glob", "edit", "exec", "fetch", "mcp", "skill", "agent"] as const;
export type Verb = (typeof verbs)[number];

/** Who may start a skill: the person (slash command) or the model (by its description). */
export const skillTriggers = ["user", "model"] as const;
export type SkillTrigger = (typeof skillTriggers)[number];

export const hookEvents = [
  "session_start",
  "session_end",
  "prompt_submit",
  "before_tool",
  "after_tool",
  "after_tool_failure",
  "subagent_start",
  "subagent_stop",
  "pre_compact",
  "notification",
  "stop",
  "post_compact",
  "permission_request",
  "before_model",
  "after_model",
] as const;
export type HookEvent = (typeof hookEvents)[number];

/** Events about one tool call: only these take `verbs`. */
export const toolEvents: readonly HookEvent[] = [
  "before_tool",
  "after_tool",
  "after_tool_failure",
  "permission_request",
];
/** Events whose hook can block what happens next: only these take `fail_closed`. */
export const blockingEvents: readonly HookEvent[] = ["before_tool", "prompt_submit"];

export const permissionLevels = ["deny", "ask", "allow"] as const;
export type PermissionLevel = (typeof permissionLevels)[number];

/** What the argument patterns of a verb mean, and the permissions.json key that holds them. */
export type PatternKind = "paths" | "commands" | "domains" | "tools" | "names";
export const patternKindOf: Record<Verb, PatternKind> = {
  read: "paths",
  grep: "paths",
  glob: "paths",
  edit: "paths",
  exec: "commands",
  fetch: "domains",
  mcp: "tools",
  skill: "names",
  agent: "names",
};

/** One permission rule: a verb, narrowed to its patterns when there are any. */
export interface PermissionRule {
  verb: Verb;
  /** Empty: the whole verb (a coarse rule). */
  patterns: string[];
  reason?: string;
  /** The client packs that write the rule; absent: every chosen pack. */
  clients?: string[];
  /** Where the rule is written. */
  position: Position;
}

export type PermissionLists = Record<PermissionLevel, PermissionRule[]>;

/** A Markdown file of core/: frontmatter values with positions, and the body below it. */
export interface CoreMarkdown {
  /** Registry-relative path. */
  file: string;
  positionOf: PositionOf;
  body: string;
  /** 1-based line of the body's first line. */
  bodyLine: number;
  /** The client packs that compile the item; absent: every chosen pack. */
  clients?: string[];
}

/** When a client loads a core rule: always, when the model judges it relevant, by file globs, or only on request. */
export const loadTriggers = ["always_on", "model_decision", "glob", "manual"] as const;
export type LoadTrigger = (typeof loadTriggers)[number];

/** A rule of core/rules/<name>.md: client packs place it in the client's rules folder with its load condition. */
export interface CoreRule extends CoreMarkdown {
  /** The file name without .md. */
  name: string;
  description?: string;
  trigger: LoadTrigger;
  /** Required for trigger "glob"; not allowed with "always_on". */
  globs: string[];
}

export interface CoreSkill extends CoreMarkdown {
  name: string;
  /** Registry-relative folder of the skill. */
  dir: string;
  description: string;
  tools?: Verb[];
  permissions: PermissionLists;
  triggers: SkillTrigger[];
  model?: string;
  argumentHint?: string;
  license?: string;
  /** What the skill needs of its environment (Agent Skills standard, at most 500 characters). */
  compatibility?: string;
  metadata?: Record<string, string>;
  /** Registry-relative paths of the other files in the skill's folder, sorted. */
  supportingFiles: string[];
}

export interface CoreAgent extends CoreMarkdown {
  name: string;
  description: string;
  tools?: Verb[];
  permissions: PermissionLists;
  model?: string;
}

export interface CoreCommand extends CoreMarkdown {
  /** The file name without .md. */
  name: string;
  description: string;
  argumentHint?: string;
  model?: string;
  /** Rules pre-approved while the command runs; the schema allows `allow` alone. */
  permissions: PermissionLists;
}

export interface CoreHook {
  event: HookEvent;
  /** Absent: every tool (tool events) or not applicable (other events). */
  verbs?: Verb[];
  command: string;
  timeout?: number;
  failClosed: boolean;
  description?: string;
  /** The client packs that write the hook; absent: every chosen pack. */
  clients?: string[];
  position: Position;
}

export interface StdioServer {
  transport: "stdio";
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

export interface RemoteServer {
  transport: "http" | "sse";
  url: string;
  headers: Record<string, string>;
}

export type McpServer = (StdioServer | RemoteServer) & {
  /** Its key in core/mcp.json. */
  name: string;
  /** The name the client files give it, when not its key (core/mcp.json `name`). */
  nativeName?: string;
  /** The client packs that write the server; absent: every chosen pack. */
  clients?: string[];
  tools?: string[];
  timeout?: number;
  description?: string;
  position: Position;
};

/** The tool-neutral content of a registry's core/ folder. */
export interface Core {
  rules: CoreRule[];
  skills: CoreSkill[];
  agents: CoreAgent[];
  commands: CoreCommand[];
  /** Project-wide rules from core/permissions.json. */
  permissions: PermissionLists;
  hooks: CoreHook[];
  mcpServers: McpServer[];
}

export function emptyPermissions(): PermissionLists {
  return { deny: [], ask: [], allow: [] };
}

export function emptyCore(): Core {
  return {
    rules: [],
    skills: [],
    agents: [],
    commands: [],
    permissions: emptyPermissions(),
    hooks: [],
    mcpServers: [],
  };
}

/** The name a client's file gives a server: its own `name`, or its key. */
export function writtenServerName(server: Pick<McpServer, "name" | "nativeName">): string {
  return server.nativeName ?? server.name;
}
