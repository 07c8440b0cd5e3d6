import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { clientFixture, coreRule } from "../../diagnostics/client-fixture.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import type { LoadTrigger } from "../model.js";

/** Reported by the core rules loader (src/core/load-rules.ts), at the `globs` key; the rule is not compiled. */
export const alwaysOnRuleHasNoGlobs: InlineCheck = {
  id: "AGC092",
  slug: "always-on-rule-has-no-globs",
  stage: "load",
  severity: "error",
  title: "An always_on core rule is not bound to file patterns",
  description:
    "A core rule with trigger always_on promises to be loaded in every session. Clients that bind rules to file patterns would load it only once a matching file is read, which loosens the promise; so globs on an always_on rule are an error, never silently dropped or applied.",
  hint: "Remove globs, or set trigger: glob if the rule should only load for matching files.",
  get examples() {
    return {
      passing: clientFixture({ "core/rules/style.md": coreRule("always_on", ["Keep functions short."]) }),
      failing: clientFixture({
        "core/rules/style.md": coreRule("always_on", ["Keep functions short."], ["src/**/*.ts"]),
      }),
      expected: [
        'core/rules/style.md:4:1: error AGC092 a rule with trigger "always_on" takes no "globs" (src/**/*.ts): a client would load it only for matching files',
      ],
    };
  },
};

/** An always_on rule that names globs. */
export function alwaysOnGlobsFinding(
  rule: { trigger: LoadTrigger; globs?: string[] },
  positionOf: (key: "globs") => Position,
): Diagnostic | undefined {
  if (rule.trigger !== "always_on" || !rule.globs) return undefined;
  return diagnostic(alwaysOnRuleHasNoGlobs, {
    position: positionOf("globs"),
    message: `a rule with trigger "always_on" takes no "globs" (${rule.globs.join(", ")}): a client would load it only for matching files`,
  });
}
