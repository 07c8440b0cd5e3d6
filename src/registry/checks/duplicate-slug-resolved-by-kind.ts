import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { withBase } from "../../diagnostics/fixture-base.js";

const twoSources =
  '{"version": 1, "trigger_keys": ["any-code"], "router_slug": "skill-router", "sources": [{"name": "custom", "kind": "custom", "path": "rules"}, {"name": "shared", "kind": "community", "path": "shared"}]}\n';

export const duplicateSlugResolvedByKind: InlineCheck = {
  id: "AGC009",
  slug: "duplicate-slug-resolved-by-kind",
  stage: "load",
  severity: "info",
  title: "A slug defined by several sources is taken from the highest-priority kind",
  description:
    "custom beats spec-kit beats architectural beats community. The losing definition is reported so that nobody wonders where it went; two sources of the same kind are resolved by their order in sources.json and reported as a warning.",
  hint: "Nothing to do if the override is intended; otherwise rename one heading or disable a source.",
  examples: {
    passing: withBase({
      "sources.json": twoSources,
      "shared/other.md": "---\nscope: global\n---\n# Other\n\nText.\n",
    }),
    failing: withBase({
      "sources.json": twoSources,
      "shared/style.md": "---\nscope: global\n---\n# Code Style\n\nOld.\n",
    }),
    expected: [
      'shared/style.md:4:1: info AGC009 Rule "code-style" from community source "shared" is overridden by custom source "custom" at rules/code-style.md:6:1',
    ],
  },
};
