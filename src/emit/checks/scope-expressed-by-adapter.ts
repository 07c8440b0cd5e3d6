import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";

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
  examples: {
    passing: withBase({}),
    failing: withBase({ "targets.json": targetsWith([agentsMdAdapter]), "rules/docs.md": scopedRule }),
    expected: [
      'rules/docs.md:3:1: info AGC029 Scoped rule "docs-style" is not written for agents-md: the format has no file-scoped rules',
    ],
  },
};
