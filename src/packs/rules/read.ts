import type { Position } from "../../diagnostics/diagnostic.js";
import { rawGlobsFact, rawGlobsQuoted, rawGlobsSplitInBraces } from "../../shared/globs/raw-globs.js";
import { isHidden, partition, unreadItems } from "../shared/items/item-folders.js";
import { pathInside, portable } from "../shared/items/native-text.js";
import {
  adjusted,
  type ItemReadContext,
  leftOut,
  nativeText,
  renamedGroup,
  start,
  unreadable,
} from "../shared/items/read-context.js";
import { parseRecovering, recoveryMessage, recoverySummary } from "../shared/items/recovered-frontmatter.js";
import { packPath } from "../shared/placeholders.js";
import type { ReadRule, RulesPack, RuleTriggers } from "./model.js";
import { globKeys, reverseTrigger } from "./read-trigger.js";
import { generatedDescription, withoutGeneratedComment } from "./source-comment.js";

/** The context rules are read with: read rules go to `items.rules`. */
type RulesReadContext = ItemReadContext<{ rules: ReadRule[] }>;

/**
 * A pack's rule files → core rules: its rules_dir (with sub-folders) and the rule folders it also reads (top
 * level only, unless its read model reads the folder's sub-folders too),
 * each file's frontmatter read back through rule_triggers.
 */
export function readPackRules(ctx: RulesReadContext, pack: RulesPack): void {
  const { rules_dir, rule_file, rule_triggers } = pack;
  if (!rule_file || !rule_triggers) return;
  const own = rules_dir ? packPath(rules_dir, pack.runtime_placeholders) : undefined;
  const below = (dir: string) =>
    pack.reads?.rules.some((r) => r.dir.replace(/\/+$/, "") === dir && r.recursive !== false) === true;
  const folders: [string, boolean][] = [
    ...(own !== undefined ? [[own, true] as [string, boolean]] : []),
    ...(pack.also_reads?.rule_dirs ?? []).map((dir): [string, boolean] => [dir, below(dir)]),
  ];
  for (const [folder, deep] of folders) {
    const paths = (deep ? ctx.reader.filesBelow(folder) : ctx.reader.list(folder)).filter((p) =>
      notAFolder(ctx, p),
    );
    const [rules, other] = partition(paths, (p) => p.endsWith(rule_file.extension));
    for (const path of rules)
      readRuleFile(ctx, path, pathInside(folder, path, rule_file.extension), rule_triggers);
    // The folder is the pack's own: another format there is the person's rule the client does not load. A folder
    // it also reads is another tool's, whose other files are that tool's.
    if (folder === own)
      unreadItems(ctx, pack, folder, rule_file.extension, {
        unread: [],
        other: other.filter((path) => !isHidden(path)),
      });
  }
}

/** Rule files, and paths the reader refused (reported by it when listing). */
function notAFolder(ctx: RulesReadContext, path: string): boolean {
  return ctx.reader.entry(path).kind !== "folder";
}

function readRuleFile(ctx: RulesReadContext, path: string, inner: string, mapping: RuleTriggers): void {
  const read = nativeText(ctx, path);
  if (!read) return;
  const markdown = ruleMarkdown(ctx, path, read.text, mapping);
  if (!markdown) return;
  const body = withoutGeneratedComment(markdown.body);
  if (body.trim() === "") {
    leftOut(ctx, start(path), `${path} holds no text below its frontmatter, so no rule is imported`);
    const file = ctx.files.find((f) => f.path === path);
    if (file) file.nothingCarried = true;
    return;
  }
  const reversed = reverseTrigger(markdown.values, mapping);
  if (reversed.triggers[0] === "glob") globsReadAsWritten(ctx, markdown, mapping, reversed.globs);
  const unused = reversed.unused.map((key) => ({
    position: markdown.positionOf(key),
    message: globKeys(mapping).includes(key)
      ? `"${key}" of ${path} is not carried: ${ctx.assistant} loads the file as ${reversed.triggers[0] ?? "always_on"} whatever it says, so the rule is imported as that, without its globs`
      : `"${key}" of ${path} has no neutral equivalent: not imported`,
  }));
  const unmatched = {
    position: start(path),
    message: `no load condition ${ctx.assistant} writes matches the frontmatter of ${path}: imported as always_on`,
  };
  if (reversed.matched) for (const { position, message } of unused) leftOut(ctx, position, message);
  const name = ruleName(ctx, path, inner);
  const description = reversed.description ?? generatedDescription(markdown.body);
  const glob = reversed.triggers[0] === "glob";
  if (glob && reversed.globs.length === 0)
    leftOut(ctx, start(path), `${path} has an empty list of globs: imported as a manual rule`);
  const triggers = glob && reversed.globs.length === 0 ? (["manual"] as const) : reversed.triggers;
  ctx.items.rules.push({
    name,
    triggers: [...triggers],
    ...(triggers[0] === "glob" ? { globs: reversed.globs } : {}),
    ...(description !== undefined ? { description } : {}),
    body,
    position: start(path),
    ...(reversed.matched ? {} : { guessed: [...unused, unmatched] }),
  });
}

/**
 * The rule file's frontmatter as YAML, or where YAML refuses it, as the item files' readers recover it
 * (recovered-frontmatter.ts: the assistant whose reader does so reads its rule files with the same reader);
 * undefined and reported (AGC127) when neither reads it.
 */
function ruleMarkdown(ctx: RulesReadContext, path: string, text: string, mapping: RuleTriggers) {
  const parsed = parseRecovering(path, text, mapping.raw_fields, globKeys(mapping));
  if (parsed.recovered) adjusted(ctx, start(path), recoveryMessage(path, parsed.recovered), recoverySummary);
  for (const p of parsed.problems) unreadable(ctx, p.position, `${path}: ${p.message}`);
  return parsed.markdown;
}

function ruleName(ctx: RulesReadContext, path: string, inner: string): string {
  const name = portable(inner.replaceAll("/", "-"));
  if (name !== inner)
    adjusted(ctx, start(path), `${path} is imported as core/rules/${name}.md`, renamedGroup);
  return name;
}

/**
 * A globs field its client reads as written (`raw_fields`), in a form with quotes or brackets: the client reads
 * no such glob (what lint says as AGC204), while import takes the globs the person meant. Said, so the change of
 * reading is not silent: the build writes the client's own form once the rule is edited.
 */
function globsReadAsWritten(
  ctx: RulesReadContext,
  markdown: { values: Record<string, unknown>; positionOf(key: string, part?: "key" | "value"): Position },
  mapping: RuleTriggers,
  globs: string[],
): void {
  for (const key of globKeys(mapping).filter((k) => (mapping.raw_fields ?? []).includes(k))) {
    const value = markdown.values[key];
    if (typeof value !== "string") continue;
    const split = !rawGlobsQuoted(value) && rawGlobsSplitInBraces(value) !== undefined;
    if (!split && !rawGlobsQuoted(value)) continue;
    const fact = split
      ? `${key} as written, split at every comma, inside braces too: ${value.trim()} is not the globs meant`
      : rawGlobsFact(key, value.trim());
    const meant = split ? rawGlobsSplitInBraces(value) || globs.join(", ") : globs.join(", ");
    leftOut(
      ctx,
      markdown.positionOf(key, "value"),
      `${ctx.assistant} reads ${fact}: imported as the globs it names (${globs.join(", ")}), which the build writes in ${ctx.assistant}'s form once the rule is edited`,
      split
        ? `Until then ${ctx.assistant} does not load the rule by those globs; write ${key}: ${meant} in the project's file to have it load the rule now (agentc lint --fix does this).`
        : `Until then ${ctx.assistant} loads the rule by no glob; write ${key}: ${meant} in the project's file to have it load the rule now.`,
    );
  }
}
