import type { PermissionLists, PermissionRule, Verb } from "../../../core/model.js";
import type { Position } from "../../../diagnostics/diagnostic.js";
import type { PromiseKind } from "../capability.js";
import type { DenyFormat, ListFormat } from "../list-format.js";
import { capability, type ItemEmitContext } from "./emit-context.js";
import type { Fields, FieldValue } from "./frontmatter.js";

/** Tool names a per-item deny field can hold: plain names, never matcher expressions like "mcp__.*". */
const plainToolName = /^[A-Za-z][A-Za-z0-9_-]*$/;

type VerbNames = Partial<Record<Verb, string[]>>;

/** What a tool limit or deny list of one skill or agent becomes: fields to write and capability rows. */
export interface ToolListResult {
  fields: Fields;
  capabilities: ReturnType<typeof capability>[];
}

export interface ToolOwner {
  /** "skill review", "agent reviewer". */
  label: string;
  kind: PromiseKind;
}

function namesFor(verbs: Verb[], names: VerbNames): { written: string[]; unmapped: Verb[] } {
  const written = new Set<string>();
  const unmapped: Verb[] = [];
  for (const verb of verbs) {
    const found = (names[verb] ?? []).filter((n) => plainToolName.test(n));
    if (found.length === 0) unmapped.push(verb);
    for (const n of found) written.add(n);
  }
  return { written: [...written], unmapped };
}

function listValue(list: string[], format: DenyFormat): FieldValue {
  if (format === "deny_map") return { map: Object.fromEntries(list.map((name) => [name, "deny"])) };
  return { list, format };
}

/** A tools list: the verbs' tool names in `field`; a verb without names is reported, a missing field too. */
export function toolLimit(
  ctx: ItemEmitContext,
  owner: ToolOwner,
  tools: Verb[],
  source: Position,
  target: { field: string | null; format: ListFormat; names: VerbNames },
): ToolListResult {
  const promise = `${owner.label} uses only ${tools.join(", ")}`;
  if (target.field === null)
    return {
      fields: [],
      capabilities: [
        capability(ctx, owner.kind, promise, source, "cannot", undefined, field(owner, "tools_field")),
      ],
    };
  const { written, unmapped } = namesFor(tools, target.names);
  const rows = [
    capability(ctx, owner.kind, promise, source, "enforced", writtenTo(ctx, owner, target.field)),
  ];
  for (const verb of unmapped)
    rows.push(
      capability(
        ctx,
        owner.kind,
        `${owner.label} may use ${verb}`,
        source,
        "cannot",
        `${ctx.client.file} names no ${ctx.pack.name} tool for verb ${verb}; the ${target.field} list leaves it out`,
        field(owner, "tool_names"),
      ),
    );
  return {
    fields: written.length > 0 ? [[target.field, listValue(written, target.format)]] : [],
    capabilities: rows,
  };
}

/** The pack section an owner's tool and permission fields are in: a skill's, unless named here. */
const sectionOf: Partial<Record<PromiseKind, string>> = {
  "agent-tools": "/agent_frontmatter",
  command: "/command_format",
};

/** The pack field a row of a skill's, an agent's or a command's tool list rests on ("deny": the deny field). */
export function field(owner: ToolOwner, name: "tools_field" | "tool_names" | "deny" | "allow_field"): string {
  const section = sectionOf[owner.kind] ?? "/skill_frontmatter";
  if (name === "deny")
    return `${section}/${owner.kind === "agent-tools" ? "deny_field" : "skill_deny_field"}`;
  return `${section}/${name}`;
}

/** "written to disallowed-tools", with the pack's note on how far that holds. */
function writtenTo(ctx: ItemEmitContext, owner: ToolOwner, field: string): string {
  const note = ctx.pack.notes?.[owner.kind];
  return note ? `written to ${field}: ${note}` : `written to ${field}`;
}

const limitsField = "/skill_frontmatter/skill_deny_limits";

/** "written to disallowed-tools, within its limits: (1) … (2) … (3) …" */
function withinLimits(written: string, limits: string[]): string {
  return `${written}, within its limits: ${limits.map((limit, i) => `(${i + 1}) ${limit}`).join(" ")}`;
}

export function ruleText(rule: PermissionRule): string {
  const verb = `${rule.verb.charAt(0).toUpperCase()}${rule.verb.slice(1)}`;
  return rule.patterns.length > 0 ? `${verb}(${rule.patterns.join(", ")})` : rule.verb;
}

/**
 * A deny list: coarse verbs become tool names in `field`; argument patterns and ask rules have no
 * per-item field and are reported one by one (the project-wide permissions may still hold them).
 */
export function denyList(
  ctx: ItemEmitContext,
  owner: ToolOwner,
  permissions: PermissionLists,
  target: {
    field: string | null | undefined;
    format: DenyFormat;
    names: VerbNames;
    patternReason: string;
    /** how far a denial written to the field holds (skill_deny_limits): such a row is partial and names them */
    limits?: string[];
  },
): ToolListResult {
  const rows: ToolListResult["capabilities"] = [];
  const coarse: Verb[] = [];
  for (const rule of permissions.deny) {
    const promise = `${owner.label} may not use ${ruleText(rule)}`;
    const cannot = (reason: string, basis: "deny" | "tool_names") =>
      rows.push(capability(ctx, owner.kind, promise, rule.position, "cannot", reason, field(owner, basis)));
    if (!target.field) cannot(`${ctx.pack.name} has no per-item deny field`, "deny");
    else if (rule.patterns.length > 0) cannot(target.patternReason, "deny");
    else if (namesFor([rule.verb], target.names).unmapped.length > 0)
      cannot(`${ctx.client.file} names no plain ${ctx.pack.name} tool for verb ${rule.verb}`, "tool_names");
    else {
      coarse.push(rule.verb);
      const limits = target.limits ?? [];
      const written = writtenTo(ctx, owner, target.field);
      rows.push(
        limits.length === 0
          ? capability(ctx, owner.kind, promise, rule.position, "enforced", written)
          : capability(
              ctx,
              owner.kind,
              promise,
              rule.position,
              "partial",
              withinLimits(written, limits),
              limitsField,
            ),
      );
    }
  }
  for (const rule of permissions.ask)
    rows.push(
      capability(
        ctx,
        owner.kind,
        `${owner.label} asks before ${ruleText(rule)}`,
        rule.position,
        "cannot",
        `${ctx.pack.name} has no per-item ask list`,
        field(owner, "deny"),
      ),
    );
  const { written } = namesFor(coarse, target.names);
  const fields: Fields =
    target.field && written.length > 0 ? [[target.field, listValue(written, target.format)]] : [];
  return { fields, capabilities: rows };
}
