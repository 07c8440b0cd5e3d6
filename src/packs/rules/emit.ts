import type { CoreRule, LoadTrigger } from "../../core/model.js";
import { csvGlobs } from "../../shared/globs/csv-globs.js";
import { joinPath } from "../../shared/posix-path.js";
import { triggerDeviationFinding } from "../shared/checks/client-cannot-express.js";
import { capability, type ItemEmitContext, type PartEmission } from "../shared/items/emit-context.js";
import type { Fields, FieldValue } from "../shared/items/frontmatter.js";
import { fieldsNotWritten, yamlFrontmatter } from "../shared/items/frontmatter.js";
import { bodyText, ownedFile } from "../shared/items/owned-file.js";
import { unmappedTriggerFinding } from "./checks/load-trigger-mapped.js";
import type { RuleFileFormat, RulesPack, RuleTriggers, TriggerMapping } from "./model.js";
import { rawValueProblem } from "./raw-field.js";
import { type RuleSlot, slotOf } from "./slots.js";
import { sourceComment } from "./source-comment.js";

/**
 * What the section's emitter reads; `linkedReaders`, the other packs that read a folder's rule files
 * through a link the projects keep (targets.json project_links).
 */
type Ctx = ItemEmitContext<RulesPack> & {
  linkedReaders?(kind: "rules", folder: string): readonly RulesPack[];
};

import { emitItems, type ItemKind, type ItemPlace } from "../shared/items/emit-items.js";

/** A rule value a raw field could not carry: the field is left out and the load promise not kept. */
interface Unwritten {
  field: string;
  slot: RuleSlot;
  problem: string;
}

/** The promise of each load trigger, in words. */
function loadPromise(rule: CoreRule): string {
  const when: Record<LoadTrigger, string> = {
    always_on: "is loaded in every session",
    model_decision: "is loaded when the model judges it relevant",
    glob: `is loaded for files matching ${rule.globs.join(", ")}`,
    manual: "is loaded only when asked for",
  };
  return `rule ${rule.name} ${when[rule.trigger]}`;
}

/** core/rules → <rules_dir>/<name><extension>, with the frontmatter the trigger maps to. */
export function emitRules(ctx: Ctx): PartEmission {
  return emitItems(ctx, ctx.registry.core.rules, ruleKind);
}

/** The rule file format and how load triggers map to its frontmatter: a pack needs both to write rules. */
interface RuleFormat {
  file: RuleFileFormat;
  triggers: RuleTriggers;
}

const ruleKind: ItemKind<CoreRule, RuleFormat, Ctx> = {
  place: "rules dir",
  placeOf: ({ rules_dir, rule_file, rule_triggers }) => ({
    dir: rules_dir,
    format: rule_file && rule_triggers ? { file: rule_file, triggers: rule_triggers } : undefined,
  }),
  unplaced: (rule) => ({
    kind: "rule-load",
    promise: loadPromise(rule),
    source: rule.positionOf(["trigger"]),
  }),
  write: writeRule,
};

function writeRule(
  ctx: Ctx,
  rule: CoreRule,
  { dir, format }: ItemPlace<RuleFormat>,
  out: PartEmission,
): void {
  const source = rule.positionOf(["trigger"]);
  const { file: rule_file, triggers: rule_triggers } = format;
  const mapping = rule_triggers.map[rule.trigger];
  if (!mapping) {
    out.diagnostics.push(unmappedTriggerFinding(rule, ctx.pack, ctx.client.file));
    const reason = `${ctx.client.file} maps no load trigger "${rule.trigger}"`;
    out.capabilities.push(capability(ctx, "rule-load", loadPromise(rule), source, "cannot", reason));
    return;
  }
  const path = joinPath(dir, `${rule.name}${rule_file.extension}`);
  const { fields, unwritten } = ruleFields(rule, mapping, rule_triggers);
  fields.push(...linkedReadersFields(ctx, rule, dir, fields));
  const text = `${yamlFrontmatter(fields)}${sourceComment(rule)}\n${bodyText(ctx, rule.body)}`;
  const alwaysLoaded = loadsAlways(rule.trigger, rule_triggers);
  out.files.push(ownedFile(ctx, path, text, { kind: "rule", name: rule.name, alwaysLoaded }));
  if (unwritten.length > 0) {
    out.capabilities.push(...unwritten.map((u) => unwrittenRow(ctx, rule, u)));
    return;
  }
  const deviation = mapping.deviation;
  out.capabilities.push(
    capability(
      ctx,
      "rule-load",
      loadPromise(rule),
      source,
      deviation ? "instruction" : "enforced",
      deviation?.message,
    ),
  );
  if (deviation)
    out.diagnostics.push(triggerDeviationFinding(rule.name, ctx.pack, deviation, loadPromise(rule), source));
}

/**
 * The mapping's fields with "{globs}" and "{description}" filled; a slot without a value drops its
 * field, and so does a raw field whose value cannot be written unquoted (returned as unwritten).
 */
function ruleFields(
  rule: CoreRule,
  mapping: TriggerMapping,
  triggers: RuleTriggers,
): { fields: Fields; unwritten: Unwritten[] } {
  const raw = new Set(triggers.raw_fields ?? []);
  const fields: Fields = [];
  const unwritten: Unwritten[] = [];
  for (const [field, value] of Object.entries(mapping.fields)) {
    const slot = slotOf(value);
    if (slot === undefined) {
      fields.push([field, typeof value === "string" && raw.has(field) ? { raw: value } : value]);
      continue;
    }
    const filled = raw.has(field) ? rawSlotValue(rule, slot) : slotValue(rule, slot, triggers);
    if (filled === undefined) continue;
    if (typeof filled === "object" && "problem" in filled)
      unwritten.push({ field, slot, problem: filled.problem });
    else fields.push([field, filled]);
  }
  return { fields, unwritten };
}

/**
 * The fields the packs reading `dir` through a link of the project load the rule by (one pack's `paths`
 * in another's rules folder), each not written yet: every reader loads the file as the rule says.
 */
function linkedReadersFields(ctx: Ctx, rule: CoreRule, dir: string, written: Fields): Fields {
  const theirs = (ctx.linkedReaders?.("rules", dir) ?? []).map((reader) => {
    const triggers = reader.rule_triggers;
    const mapping = triggers?.map[rule.trigger];
    return triggers && mapping ? ruleFields(rule, mapping, triggers).fields : [];
  });
  return fieldsNotWritten(written, theirs);
}

function slotValue(rule: CoreRule, slot: Unwritten["slot"], triggers: RuleTriggers): FieldValue | undefined {
  if (slot === "globs")
    return rule.globs.length > 0 ? { list: rule.globs, format: triggers.globs_format } : undefined;
  return rule.description || undefined;
}

/** One unquoted line: globs as a comma list (brace groups expanded, as readers split at commas). */
function rawSlotValue(rule: CoreRule, slot: Unwritten["slot"]): FieldValue | { problem: string } | undefined {
  const text =
    slot === "globs"
      ? rule.globs.length > 0
        ? csvGlobs(rule.globs)
        : undefined
      : rule.description?.replace(/\s*[\r\n\u2028\u2029]\s*/g, " ").trim() || undefined;
  if (text === undefined) return undefined;
  const problem = rawValueProblem(text);
  return problem ? { problem } : { raw: text };
}

function unwrittenRow(ctx: Ctx, rule: CoreRule, u: Unwritten) {
  const reason = `${ctx.pack.name} reads ${u.field} unquoted, and the rule's ${u.slot} cannot be written that way: ${u.problem}; the field is left out`;
  return capability(ctx, "rule-load", loadPromise(rule), rule.positionOf([u.slot]), "cannot", reason);
}

/** Always in the context: always_on, and any trigger the pack writes exactly like always_on. */
function loadsAlways(trigger: LoadTrigger, triggers: RuleTriggers): boolean {
  const always = triggers.map.always_on;
  const mapping = triggers.map[trigger];
  if (trigger === "always_on") return true;
  return always !== undefined && mapping !== undefined && sameFields(always, mapping);
}

function sameFields(a: TriggerMapping, b: TriggerMapping): boolean {
  return JSON.stringify(Object.entries(a.fields)) === JSON.stringify(Object.entries(b.fields));
}
