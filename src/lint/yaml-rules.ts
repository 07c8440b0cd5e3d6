import type { ClientPack } from "../clients/model.js";
import { parseRecovering } from "../packs/shared/items/recovered-frontmatter.js";
import { recoveredLineFinding } from "./checks/item-frontmatter-is-yaml.js";
import type { LineEdit, LintContext, RuleResult } from "./lint-context.js";
import { globsFields } from "./native-frontmatter.js";

/**
 * AGC210: a rule, skill, agent or command file whose frontmatter YAML refuses but an assistant's reader
 * recovers (recovered-frontmatter.ts): each line it recovers is a finding, and --fix writes that line as the
 * reader reads it. A rule's fields its client reads as written, and globs fields, stay as they are. A block no
 * reader recovers is AGC127's (import's readers report it).
 */
export function itemYamlRule(ctx: LintContext): RuleResult {
  const asWritten = new Map<string, string[]>();
  const globs = globsFields(ctx.clients.map((c) => c.pack));
  for (const { pack, load } of ctx.clients)
    for (const item of load.items)
      for (const path of [item.path, ...item.copies])
        asWritten.set(path, [...(asWritten.get(path) ?? []), ...writtenFields(pack, item.kind, globs)]);
  const result: Required<RuleResult> = { diagnostics: [], edits: [] };
  for (const [path, fields] of [...asWritten].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const text = ctx.tree.text(path);
    const recovered = text === undefined ? undefined : parseRecovering(path, text, [], fields).recovered;
    for (const line of recovered?.lines ?? []) {
      result.diagnostics.push(recoveredLineFinding(path, line));
      result.edits.push({ file: path, line: line.line, op: "replace", text: line.text } satisfies LineEdit);
    }
  }
  return result;
}

function writtenFields(pack: ClientPack, kind: string, globs: readonly string[]): string[] {
  return kind === "rule" ? [...(pack.rule_triggers?.raw_fields ?? []), ...globs] : [];
}
