import {
  type Action,
  type ComposeSummary,
  type Conflict,
  type InstallResult,
  type LinkFallback,
  type RequirementOutcome,
  type RunResult,
  reportLine,
  shown,
} from "../../install/index.js";
import { signatureLine } from "./signature-line.js";

type Placed = NonNullable<InstallResult["placed"]>;

/** The width an action's verb is padded to, so that the paths line up. */
const labelWidth = 12;

/** One printable line per action; `unchanged` lines are counted, not listed, in the pretty output. */
export function actionLine(a: Action, placed: Placed = {}): string {
  const label = a.op.padEnd(labelWidth);
  switch (a.op) {
    case "link":
      return `${label} ${a.path} -> ${a.target}${a.replace ? " (replacing agentc's earlier one)" : ""}${linkNote(a, placed[a.path])}`;
    case "move-aside":
    case "move-back":
      return `${label} ${a.path} -> ${a.to}`;
    case "keep-modified":
      return `${label} ${a.path} (edited by you: kept; the new version goes to ${a.beside})`;
    case "write-beside":
      return `${label} ${a.path} (new version of ${a.seed})`;
    case "keep":
      return `${label} ${a.path} (${a.reason})`;
    default: {
      const head = `${label} ${a.path}`;
      return `${head}${"compose" in a && a.compose ? composeText(a.compose, head) : ""}${"block" in a && a.block ? blockText[a.block] : ""}`;
    }
  }
}

/** What was written where the link was refused, or (before applying) what would be. */
function linkNote(a: Extract<Action, { op: "link" }>, placed: Placed[string] | undefined): string {
  if (placed === "symlink") return "";
  const what = fallbackLabel(a.fallback);
  return placed ? ` (links refused: wrote ${what} instead)` : ` (where links are refused: ${what})`;
}

function fallbackLabel(fallback: LinkFallback | undefined): string {
  if (!fallback) return "nothing, the target is not installed";
  if (fallback.kind !== "copy-folder")
    return fallback.kind === "import" ? "an import file" : "a copy of the file";
  const n = fallback.files.length;
  return `a copy of the folder, ${n} file${n === 1 ? "" : "s"}`;
}

const changeMark = { add: "+", update: "~", remove: "-" } as const;

const blockText = {
  add: " (your file: agentc's block added below your text)",
  update: " (your file: agentc's block updated)",
  remove: " (your file: agentc's block taken out)",
} as const;

/** How wide an action line may grow before its composed values go one per line below it. */
const inlineWidth = 100;

/** Where a value listed below its action starts: under the path (2 spaces of list, the label, a space). */
const valueIndent = " ".repeat(2 + labelWidth + 1);

/**
 * The owned values that change: " (shared json file: + mcpServers.docs)" when the line stays short,
 * else " (shared json file, 3 values)" with each value on a line of its own below.
 */
function composeText(c: ComposeSummary, head: string): string {
  const changes = c.changes.map((k) => `${changeMark[k.change]} ${k.key}`);
  const inline = ` (shared ${c.format} file${changes.length > 0 ? `: ${changes.join(", ")}` : ""})`;
  if (changes.length < 2 || 2 + head.length + inline.length <= inlineWidth) return inline;
  const values = changes.map((change) => `\n${valueIndent}${change}`).join("");
  return ` (shared ${c.format} file, ${changes.length} values)${values}`;
}

/** "file:line:column" when the problem has a place in the file. */
export function conflictPlace(c: Conflict): string {
  return c.line !== undefined ? `${c.path}:${c.line}:${c.column ?? 1}` : c.path;
}

/** JSON for machines: actions without their byte sources. */
export function actionJson(a: Action, placed: Placed = {}): Record<string, unknown> {
  const { op, path } = a;
  const extra: Record<string, unknown> = {};
  if (a.op === "link") Object.assign(extra, linkJson(a, placed[a.path]));
  if (a.op === "move-aside" || a.op === "move-back") extra.to = a.to;
  if (a.op === "keep-modified") extra.beside = a.beside;
  if (a.op === "write-beside") extra.seed = a.seed;
  if (a.op === "keep") extra.reason = a.reason;
  if ("compose" in a && a.compose) extra.compose = a.compose;
  if ("block" in a && a.block) extra.block = a.block;
  return { op, path, ...extra };
}

/** `fallback`: what is written where links are refused; `placed`: what an applied install did write. */
function linkJson(
  a: Extract<Action, { op: "link" }>,
  placed: Placed[string] | undefined,
): Record<string, unknown> {
  const fallback = a.fallback;
  return {
    target: a.target,
    fallback: fallback?.kind ?? "none",
    ...(fallback?.kind === "copy-folder" ? { fallback_files: fallback.files.map((f) => f.rel) } : {}),
    ...(placed ? { placed } : {}),
  };
}

export function renderPretty(
  verb: string,
  result: RunResult & Partial<InstallResult>,
  dryRun: boolean,
): string {
  const lines: string[] = [];
  const actions = result.plan?.actions ?? [];
  const unchanged = actions.filter((a) => a.op === "unchanged").length;
  if (result.recovered)
    lines.push(
      `recovered an interrupted run: ${result.recovered === "rolled-back" ? "rolled back" : "completed"}`,
    );
  if (result.components?.length) lines.push(`components: ${result.components.join(", ")}`);
  const signature = signatureLine(result.signature, dryRun);
  if (signature) lines.push(signature);
  lines.push(...changeLines(actions, dryRun, result.placed ?? {}));
  if (unchanged > 0) lines.push(`  ${"unchanged".padEnd(12)} ${unchanged} path${unchanged === 1 ? "" : "s"}`);
  for (const r of result.spawns ?? []) lines.push(`  ${reportLine(r)}`);
  const conflicts = result.plan?.conflicts ?? [];
  if (result.status === "conflicts") {
    lines.push(`${conflicts.length} conflict${conflicts.length === 1 ? "" : "s"}; nothing was written:`);
    for (const c of conflicts) lines.push(`  ${conflictPlace(c)}: ${c.problem}`, `    hint: ${c.hint}`);
  }
  for (const w of result.plan?.warnings ?? [])
    lines.push(`warning: ${conflictPlace(w)}: ${w.problem}`, `  hint: ${w.hint}`);
  for (const p of result.problems) lines.push(`${result.status === "ok" ? "note" : "error"}: ${p}`);
  for (const t of result.tools ?? [])
    if (!t.found)
      lines.push(
        `tool ${t.name} not found (${t.checked})${t.purpose ? `: ${t.purpose.replace(/[.]$/, "")}` : ""}${t.hint ? `; to install it: ${t.hint}` : ""} (agentc never runs it)`,
      );
  for (const r of result.requirements ?? []) lines.push(requirementLine(r, dryRun));
  const roster = result.roster;
  if (roster && roster.vendorWords > roster.reserve)
    lines.push(
      `warning: skills from other tools use ${roster.vendorWords} description words, over the vendor reserve of ${roster.reserve} (${roster.skills.length} skills)`,
    );
  lines.push(summary(verb, result, dryRun));
  return lines.join("\n");
}

const listLimit = 200;

/** Every change; past the limit (outside a dry run) routine creates/updates/removes are counted instead. */
function changeLines(actions: Action[], dryRun: boolean, placed: Placed): string[] {
  const changes = actions.filter((a) => a.op !== "unchanged");
  const routine = (a: Action): boolean => ["create", "update", "remove", "mkdir", "rmdir"].includes(a.op);
  if (dryRun || changes.length <= listLimit) return changes.map((a) => `  ${actionLine(a, placed)}`);
  const counts = new Map<string, number>();
  for (const a of changes.filter(routine)) counts.set(a.op, (counts.get(a.op) ?? 0) + 1);
  const counted = [...counts].map(
    ([op, n]) => `  ${op.padEnd(12)} ${n} path${n === 1 ? "" : "s"} (--dry-run or --format json lists them)`,
  );
  return [...changes.filter((a) => !routine(a)).map((a) => `  ${actionLine(a, placed)}`), ...counted];
}

function summary(verb: string, result: RunResult, dryRun: boolean): string {
  const changes = (result.plan?.actions ?? []).filter(
    (a) => !["unchanged", "keep", "keep-modified"].includes(a.op),
  ).length;
  if (result.status === "usage") return `${verb} stopped: nothing was written`;
  if (result.status !== "ok") return `${verb} failed (${result.status})`;
  if (dryRun) return `dry run: ${changes} change${changes === 1 ? "" : "s"} planned, nothing written`;
  if (!result.written) return `${verb}: nothing to do, nothing written`;
  return `${verb}: ${changes} change${changes === 1 ? "" : "s"} applied`;
}

export function renderJson(result: RunResult & Partial<InstallResult>, dryRun: boolean): string {
  return JSON.stringify(
    {
      status: result.status,
      dry_run: dryRun,
      written: result.written,
      ...(result.recovered ? { recovered: result.recovered } : {}),
      ...(result.components ? { components: result.components } : {}),
      actions: (result.plan?.actions ?? []).map((a) => actionJson(a, result.placed)),
      conflicts: result.plan?.conflicts ?? [],
      warnings: result.plan?.warnings ?? [],
      problems: result.problems,
      ...(result.spawns?.length ? { hooks: result.spawns } : {}),
      ...(result.tools ? { tools: result.tools } : {}),
      ...(result.roster ? { roster: result.roster } : {}),
      ...(result.requirements ? { requirements: result.requirements } : {}),
      ...(result.signature ? { signature: result.signature } : {}),
    },
    null,
    2,
  );
}

export function exitCodeOf(result: RunResult): number {
  if (result.status === "ok") return 0;
  if (result.status === "interrupted") return result.signal === "SIGINT" ? 130 : 143;
  if (result.status === "usage" || result.status === "failed") return 2;
  return 1;
}

/** One runtime package of a capability: what was found, decided and done, with what to do by hand. */
function requirementLine(r: RequirementOutcome, dryRun: boolean): string {
  const what = `${r.runtime} package ${r.package} (for ${r.capability}: ${r.why.replace(/[.]$/, "")})`;
  const byHand = `${r.commands.map(shown).join(" && ") || `install ${r.package} into ${r.runtime}`}${r.install ? `; see ${r.install}` : ""}`;
  switch (r.state) {
    case "present":
      return `requirement ${what}: present`;
    case "accepted":
      return `requirement ${what}: ${dryRun ? "would be installed" : "accepted"}: ${byHand}`;
    case "installed":
      return `requirement ${what}: installed with your consent: ${r.detail ?? byHand}`;
    case "install-failed":
      return `warning: requirement ${what}: the install failed: ${r.detail ?? ""}`;
    case "declined":
      return `warning: requirement ${what}: declined (recorded; not asked again); to install it: ${byHand}`;
    case "not-accepted":
      return `warning: requirement ${what}: not installed: no terminal to ask; pass --accept-requirement ${r.package} to install it${r.marketplace ? ` (registers the marketplace ${r.marketplace})` : ""}, or run: ${byHand}`;
    case "unchecked":
      return `warning: requirement ${what}: not checked (${r.detail ?? ""}); install it yourself: ${byHand}`;
    case "not-raised":
      return `requirement ${what}: not raised: ${r.detail ?? ""}`;
  }
}
