import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { alwaysOnGlobsFinding } from "./checks/always-on-rule-has-no-globs.js";
import { ruleTriggerFinding } from "./checks/core-file-matches-schema.js";
import { type LoadedMarkdown, loadCoreMarkdown } from "./core-markdown.js";
import { eachMarkdownFile, folderHolds } from "./core-names.js";
import { fitsBraceBudget } from "./glob-budget.js";
import type { CoreRule, LoadTrigger } from "./model.js";

export const rulesFolder = "core/rules";

interface RuleFrontmatter {
  /** The client packs that compile it, when not every chosen one (read in core-markdown.ts). */
  clients?: string[];
  description?: string;
  trigger: LoadTrigger;
  globs?: string[];
}

/** core/rules/<name>.md: a rule a client pack places in the client's rules folder with its load condition. */
export function loadRules(reader: RegistryReader, diagnostics: Diagnostic[]): CoreRule[] {
  return eachMarkdownFile(reader, rulesFolder, folderHolds.rules, diagnostics, (name, path) => {
    const markdown = loadCoreMarkdown(reader, path, "core-rule", diagnostics);
    if (!markdown || !triggerFitsFields(markdown, diagnostics)) return undefined;
    const rule = toRule(name, markdown, diagnostics);
    return rule.trigger === "glob" && rule.globs.length === 0 ? undefined : rule;
  });
}

/** The rule, less the globs past the brace budget (reported; a glob rule left with none is not compiled). */
function toRule(name: string, markdown: LoadedMarkdown, diagnostics: Diagnostic[]): CoreRule {
  const { values, ...located } = markdown;
  const matter = values as unknown as RuleFrontmatter;
  const globs = matter.globs ?? [];
  const fits = fitsBraceBudget(globs, (i) => markdown.positionOf(["globs", i]), diagnostics);
  return {
    ...located,
    name,
    ...(matter.description ? { description: matter.description } : {}),
    trigger: matter.trigger,
    globs: globs.filter((_, i) => fits[i]),
  };
}

/** glob needs globs, always_on takes none, model_decision needs the description the model decides by. */
function triggerFitsFields(markdown: LoadedMarkdown, diagnostics: Diagnostic[]): boolean {
  const matter = markdown.values as unknown as RuleFrontmatter;
  const positionOf = (key: keyof RuleFrontmatter) => markdown.positionOf([key], "key");
  const finding = ruleTriggerFinding(matter, positionOf) ?? alwaysOnGlobsFinding(matter, positionOf);
  if (finding) diagnostics.push(finding);
  return finding === undefined;
}
