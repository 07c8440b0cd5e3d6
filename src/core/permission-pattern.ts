import type { PatternKind } from "./model.js";

/** What is wrong with one argument pattern of a verb, or undefined when it is well formed. */
export function patternProblem(kind: PatternKind, pattern: string): string | undefined {
  if (pattern.trim() !== pattern) return "has spaces at its start or end";
  return problemOf[kind](pattern);
}

const serverName = "[A-Za-z0-9_-]+";
const mcpTool = new RegExp(`^${serverName}(/([A-Za-z0-9_.-]+|\\*))?$`);
const exactName = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const label = "[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?";
const host = new RegExp(`^(\\*\\.)?${label}(\\.${label})*$`);

const problemOf: Record<PatternKind, (pattern: string) => string | undefined> = {
  paths: pathProblem,
  commands: (pattern) =>
    /(:\*|\s\*|\*)$/.test(pattern)
      ? "is a command prefix already: drop the trailing '*' or ':*' (client packs add their own)"
      : /[\n\r]/.test(pattern)
        ? "spans several lines; a command prefix is one line"
        : undefined,
  domains: (pattern) =>
    pattern.includes("://")
      ? "is a URL; write only the host, e.g. 'docs.example.com'"
      : host.test(pattern)
        ? undefined
        : "is not a host name such as 'example.com' or '*.example.com'",
  tools: (pattern) =>
    pattern.startsWith("mcp__")
      ? "uses a client's tool name; write 'server/tool' instead"
      : mcpTool.test(pattern)
        ? undefined
        : "is not 'server', 'server/tool' or 'server/*'",
  names: (pattern) =>
    exactName.test(pattern)
      ? undefined
      : "is not an exact skill or agent name (lowercase words joined by hyphens; no wildcards)",
};

function pathProblem(pattern: string): string | undefined {
  if (/^(\/|\.\/|~)/.test(pattern)) return "must be relative to the project root, without '/', './' or '~'";
  if (pattern.includes("\\")) return "uses '\\'; write paths with '/'";
  if (pattern.split("/").includes("..")) return "leaves the project with '..'";
  if (!balanced(pattern)) return "has an unclosed '[' or '{', so it would match nothing";
  return undefined;
}

function balanced(glob: string): boolean {
  const open: string[] = [];
  const closing: Record<string, string> = { "]": "[", "}": "{" };
  for (const char of glob) {
    if (char === "[" || char === "{") open.push(char);
    const opener = closing[char];
    if (opener !== undefined && open.pop() !== opener) return false;
  }
  return open.length === 0;
}
