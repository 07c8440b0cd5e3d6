import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import { alwaysOnPath } from "../../registry/install-files.js";
import type { Adapter, Rule } from "../../registry/model.js";

const scopedRule =
  "---\nscope: scoped\nglobs: ['docs/**']\ndescription: How we write docs.\n---\n# Docs Style\n\nShort sentences.\n";

export const scopeExpressedByAdapter: InlineCheck = {
  id: "AGC029",
  slug: "scope-expressed-by-adapter",
  stage: "emit",
  severity: "info",
  title: "A format that cannot express a rule's scope is reported, never silently",
  description:
    "Some formats have no file-scoped rules (a single always-on file) or no glob condition. A scoped rule is then left out, folded into the always-on file as text, or written without its globs, as the adapter's data declares; each case is reported at the rule.",
  hint: "Nothing to fix in the rule: this is a limit of the format. Drop the adapter, or set scoped_fallback to choose between omit and fold.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({ "targets.json": targetsWith([agentsMdAdapter]), "rules/docs.md": scopedRule }),
      expected: [
        'rules/docs.md:3:1: info AGC029 Scoped rule "docs-style" is not written for agents-md: the format has no file-scoped rules',
      ],
    };
  },
};

/** A scoped rule the adapter's format cannot keep as scoped: left out ("omit", "skip"), folded, or written without globs. */
export function scopeLossFinding(
  adapter: Adapter,
  rule: Rule,
  how: "omit" | "fold" | "globs" | "skip",
): Diagnostic {
  const name = adapter.name ? `${adapter.id} (${adapter.name})` : adapter.id;
  return diagnostic(scopeExpressedByAdapter, {
    position: rule.fields.globs ?? rule.heading,
    message: lostMessage(adapter, rule, how, name),
    loss: { client: adapter.id, promise: `scoped rule ${rule.slug}` },
  });
}

/** Only the message of this loss is built (a build of 200 rules reports about 1,500). */
function lostMessage(
  adapter: Adapter,
  rule: Rule,
  how: "omit" | "fold" | "globs" | "skip",
  name: string,
): string {
  switch (how) {
    case "omit":
      return `Scoped rule "${rule.slug}" is not written for ${name}: the format has no file-scoped rules`;
    case "fold":
      return `Scoped rule "${rule.slug}" is folded into ${alwaysOnPath(adapter)} for ${name}: its globs become an instruction, not a condition`;
    case "globs":
      return `Scoped rule "${rule.slug}" is written for ${name} without its globs: the format has no glob condition`;
    case "skip":
      return `Scoped rule "${rule.slug}" is not written for ${name}: all its globs are in the adapter's skip_globs`;
  }
}
