import type { AssistantChange, LoadedThing, UpdateSummary } from "../../distribute/update-summary.js";
import { listed } from "./listed.js";

/** `agentc update --summary`: Markdown for a pull request's body (docs/fleet.md). */
export function renderUpdateSummary(summary: UpdateSummary): string {
  return [
    `## Agent configuration ${summary.from} \u2192 ${summary.to}`,
    "",
    `Updated by \`agentc update\` from ${code(summary.source)}.`,
    "",
    ...filesSection(summary.files),
    ...componentsSection(summary.components),
    ...assistantsSection(summary),
  ]
    .join("\n")
    .trimEnd();
}

function filesSection(files: UpdateSummary["files"]): string[] {
  const rows = [
    ...files.added.map((path) => `| added | ${cell(path)} |`),
    ...files.changed.map((path) => `| changed | ${cell(path)} |`),
    ...files.removed.map((path) => `| removed | ${cell(path)} |`),
  ];
  const counts = `${files.added.length} added, ${files.changed.length} changed, ${files.removed.length} removed`;
  if (rows.length === 0) return ["### Files", "", "No file changed.", ""];
  return ["### Files", "", `${counts}.`, "", "| change | file |", "| --- | --- |", ...rows, ""];
}

function componentsSection(components: UpdateSummary["components"]): string[] {
  const lines = [
    ...(components.added.length > 0 ? [`- added: ${components.added.map(code).join(", ")}`] : []),
    ...(components.removed.length > 0 ? [`- removed: ${components.removed.map(code).join(", ")}`] : []),
    ...(components.kept.length > 0 ? [`- unchanged: ${components.kept.map(code).join(", ")}`] : []),
  ];
  return ["### Components", "", ...(lines.length > 0 ? lines : ["None installed."]), ""];
}

/** Assistants whose changes read the same are one paragraph, so a change to AGENTS.md is not said twenty times. */
function assistantsSection(summary: UpdateSummary): string[] {
  const lines = ["### What each assistant gains or loses", ""];
  if (summary.assistants.length === 0) lines.push("No assistant loads anything different.", "");
  const groups = new Map<string, string[]>();
  for (const change of summary.assistants) {
    const body = changeLines(change).join("\n");
    groups.set(body, [...(groups.get(body) ?? []), change.name]);
  }
  for (const [body, names] of groups) lines.push(`**${listed(names)}**${body}`, "");
  if (summary.unchanged.length > 0 && summary.assistants.length > 0)
    lines.push(`Unchanged for ${listed(summary.unchanged)}.`, "");
  return lines;
}

/** Everything but the name: the size line and one line per thing gained, lost or changed. */
function changeLines(change: AssistantChange): string[] {
  const { before, after, limit } = change.characters;
  const size =
    before === after
      ? `${number(after)} characters in every session`
      : `${number(before)} \u2192 ${number(after)} characters in every session`;
  return [
    ` (${size}, limit ${number(limit)})`,
    "",
    ...change.gains.map((thing) => `- gains ${thingText(thing)}`),
    ...change.loses.map((thing) => `- loses ${thingText(thing)}`),
    ...change.changes.map(
      (c) => `- ${thingText(c.thing)}: ${c.before || "none"} \u2192 ${c.after || "none"}`,
    ),
  ];
}

const number = (n: number): string => n.toLocaleString("en");

const kindText: Record<LoadedThing["kind"], string> = {
  "always-loaded": "always-loaded file",
  skill: "skill",
  agent: "agent",
  command: "command",
  rule: "rule",
  "mcp-server": "MCP server",
  hook: "hook on",
};

function thingText(thing: LoadedThing): string {
  if (thing.kind === "always-loaded") return `${kindText[thing.kind]} ${code(thing.path)}`;
  return `${kindText[thing.kind]} ${code(thing.name)} (${code(thing.path)})`;
}

/** A path in a table cell: a '|' in it would end the cell. */
const cell = (path: string): string => code(path).replace(/\|/g, "\\|");

/** Inline code that holds any backtick in the text. */
function code(text: string): string {
  const fence = text.includes("`") ? "``" : "`";
  return `${fence}${text.includes("`") ? ` ${text} ` : text}${fence}`;
}
