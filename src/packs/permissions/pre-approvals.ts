import type { PermissionRule } from "../../core/model.js";
import { capability } from "../shared/items/emit-context.js";
import {
  field as fieldOf,
  ruleText,
  type ToolListResult,
  type ToolOwner,
} from "../shared/items/tool-lists.js";
import { atomsOf } from "./atoms.js";
import type { PermissionsEmitContext } from "./model.js";
import { coreNames, ruleForms } from "./rule-targets.js";

/**
 * A skill's or agent's allow rules as a per-item pre-approval list (`field`, in the pack's permission rule
 * form): each part the client takes is enforced, every other part is reported. Without a field, or without
 * a permissions section to take the rule form from, every allow rule is reported.
 */
export function preApprovals(
  ctx: PermissionsEmitContext,
  owner: ToolOwner,
  allow: readonly PermissionRule[],
  field: string | null | undefined,
): ToolListResult {
  const mapping = ctx.pack.permissions;
  const result: ToolListResult = { fields: [], capabilities: [] };
  const texts: string[] = [];
  for (const rule of allow) {
    const promise = `${owner.label} may use ${ruleText(rule)} without asking`;
    if (!field || !mapping) {
      const reason = `${ctx.pack.name} has no per-item allow list; only the project-wide permissions can pre-approve it`;
      const basis = owner.kind === "agent-tools" ? "/agent_frontmatter" : fieldOf(owner, "allow_field");
      result.capabilities.push(capability(ctx, owner.kind, promise, rule.position, "cannot", reason, basis));
      continue;
    }
    const forms = atomsOf(rule).map((pattern) =>
      ruleForms(mapping, coreNames(ctx.pack, ctx.registry.core), "allow", rule, pattern),
    );
    const written = forms.flatMap((f) => f.written);
    const lost = forms.flatMap((f) => (f.noTool ? [f.noTool] : f.lost.map((l) => `${l.tool}: ${l.reason}`)));
    texts.push(...written);
    if (written.length > 0)
      result.capabilities.push(
        capability(
          ctx,
          owner.kind,
          promise,
          rule.position,
          "enforced",
          `written to ${field} as ${written.join(", ")}`,
        ),
      );
    for (const reason of lost)
      result.capabilities.push(
        capability(ctx, owner.kind, `${promise} (part)`, rule.position, "cannot", reason),
      );
  }
  const unique = [...new Set(texts)];
  if (field && unique.length > 0) result.fields.push([field, { list: unique, format: "list" }]);
  return result;
}
