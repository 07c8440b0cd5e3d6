import { parseNativeMarkdown } from "../packs/shared/items/native-markdown.js";
import { recoveredFrontmatter } from "../packs/shared/items/recovered-frontmatter.js";
import { recoveredLineFinding } from "./checks/item-frontmatter-is-yaml.js";
import type { LineEdit, LintContext, RuleResult } from "./lint-context.js";

/**
 * AGC210: a skill, agent or command file whose frontmatter YAML refuses but an assistant's reader recovers
 * (recovered-frontmatter.ts): each line it recovers is a finding, and --fix writes that line as the reader
 * reads it. A block no reader recovers is AGC127's (import's readers report it).
 */
export function itemYamlRule(ctx: LintContext): RuleResult {
  const paths = new Set<string>();
  for (const { load } of ctx.clients)
    for (const item of load.items)
      if (item.kind !== "rule") for (const path of [item.path, ...item.copies]) paths.add(path);
  const result: Required<RuleResult> = { diagnostics: [], edits: [] };
  for (const path of [...paths].sort()) {
    const text = ctx.tree.text(path);
    if (text === undefined || parseNativeMarkdown(path, text).markdown) continue;
    const recovered = recoveredFrontmatter(text);
    if (!recovered || !parseNativeMarkdown(path, recovered.text).markdown) continue;
    for (const line of recovered.lines) {
      result.diagnostics.push(recoveredLineFinding(path, line));
      result.edits.push({ file: path, line: line.line, op: "replace", text: line.text } satisfies LineEdit);
    }
  }
  return result;
}
