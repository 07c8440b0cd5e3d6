import { diagnostic } from "../checks/check.js";
import { coreFileMatchesSchema } from "../checks/core/core-file-matches-schema.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { listFolder } from "./core-folder.js";
import { type LoadedMarkdown, loadCoreMarkdown } from "./core-markdown.js";
import { checkPathName, folderHolds, strayEntry } from "./core-names.js";
import type { CoreRule, LoadTrigger } from "./model.js";

export const rulesFolder = "core/rules";

interface RuleFrontmatter {
  description?: string;
  trigger: LoadTrigger;
  globs?: string[];
}

/** core/rules/<name>.md: a rule a client pack places in the client's rules folder with its load condition. */
export function loadRules(root: string, diagnostics: Diagnostic[]): CoreRule[] {
  return listFolder(root, rulesFolder).flatMap((entry) => {
    if (entry.isFolder || !entry.name.endsWith(".md")) {
      strayEntry(
        entry.path,
        entry.isFolder ? "is a folder" : "is not a .md file",
        folderHolds.rules,
        diagnostics,
      );
      return [];
    }
    const name = entry.name.slice(0, -".md".length);
    checkPathName(name, entry.path, diagnostics);
    const markdown = loadCoreMarkdown(root, entry.path, "core-rule", diagnostics);
    if (!markdown || !triggerFitsFields(markdown, diagnostics)) return [];
    return [toRule(name, markdown)];
  });
}

function toRule(name: string, markdown: LoadedMarkdown): CoreRule {
  const { values, ...located } = markdown;
  const matter = values as unknown as RuleFrontmatter;
  return {
    ...located,
    name,
    ...(matter.description ? { description: matter.description } : {}),
    trigger: matter.trigger,
    globs: matter.globs ?? [],
  };
}

/** glob needs globs, always_on takes none, model_decision needs the description the model decides by. */
function triggerFitsFields(markdown: LoadedMarkdown, diagnostics: Diagnostic[]): boolean {
  const matter = markdown.values as unknown as RuleFrontmatter;
  const fault = (key: keyof RuleFrontmatter, message: string, hint: string) => {
    diagnostics.push(
      diagnostic(coreFileMatchesSchema, { position: markdown.positionOf([key], "key"), message, hint }),
    );
    return false;
  };
  if (matter.trigger === "glob" && !matter.globs)
    return fault(
      "trigger",
      'trigger "glob" needs "globs"',
      'Add globs: ["src/**/*.ts"], or choose another trigger.',
    );
  if (matter.trigger === "always_on" && matter.globs)
    return fault(
      "globs",
      'a rule with trigger "always_on" takes no "globs"',
      'Remove globs, or use trigger "glob".',
    );
  if (matter.trigger === "model_decision" && !matter.description)
    return fault(
      "trigger",
      'trigger "model_decision" needs a "description": it is what the model decides by',
      "Add a description saying when the rule applies.",
    );
  return true;
}
