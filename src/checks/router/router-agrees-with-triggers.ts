import { ruleFile, withBase } from "../../diagnostics/fixture-base.js";
import type { Rule } from "../../registry/model.js";
import { routerRows } from "../../registry/rules/router-table.js";
import type { RegistryCheck } from "../check.js";

const codeStyle = (matter: string[]) =>
  withBase({
    "rules/code-style.md": ruleFile(["scope: global", ...matter], "# Code Style", [
      "- Prefer small functions.",
    ]),
  });

export const routerAgreesWithTriggers: RegistryCheck = {
  id: "AGC032",
  slug: "router-agrees-with-triggers",
  stage: "registry",
  severity: "warning",
  title: "A router row should name the rule that claims its trigger key",
  description:
    "The router table and the rules' trigger fields say the same thing twice. When the row for a key names a rule that does not claim the key, the assistant is routed to one rule while the registry says another owns the moment. Rows naming a missing rule (AGC016) and rules claiming an undeclared key (AGC013) are left to those checks.",
  hint: "Make the row name the rule whose 'trigger:' is the key, or move the trigger to the rule the row names.",
  get examples() {
    return {
      passing: codeStyle(["trigger: any-code"]),
      failing: codeStyle([]),
      expected: [
        'rules/router.md:9:1: warning AGC032 Router row "any-code" names rule "code-style", which claims no trigger; expected a rule with "trigger: any-code"',
      ],
    };
  },
  *run(registry) {
    const router = registry.rules.find((r) => r.slug === registry.sources.router_slug);
    if (!router) return;
    const bySlug = new Map(registry.rules.map((r) => [r.slug, r]));
    const keys = new Set(registry.sources.trigger_keys ?? []);
    for (const row of routerRows(router)) {
      const named = bySlug.get(row.slug);
      if (!named || named.trigger === row.key) continue;
      if (named.trigger !== undefined && !keys.has(named.trigger)) continue;
      const claimant = registry.rules.find((r) => r.trigger === row.key);
      yield {
        position: row.position,
        message: `Router row "${row.key}" names rule "${row.slug}", which ${claims(named)}; expected ${claimant ? `"${claimant.slug}", which claims it` : `a rule with "trigger: ${row.key}"`}`,
      };
    }
  },
};

function claims(rule: Rule): string {
  return rule.trigger === undefined ? "claims no trigger" : `claims "${rule.trigger}"`;
}
