import type { ClientPack } from "../clients/model.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { packPath } from "../packs/shared/placeholders.js";
import type { ItemKind } from "../session-load/index.js";
import { frontmatterFieldFinding } from "./checks/native-frontmatter-documented.js";
import { namesList } from "./client-findings.js";
import { type LintContext, pathThroughLinks, type RuleResult } from "./lint-context.js";
import { globsFields } from "./native-frontmatter.js";

/** A kind of item file whose frontmatter a pack documents: its folder and the fields it reads. */
interface Documented {
  dir: string;
  fields: readonly string[];
  /** Fields that hold true or false. */
  booleans: readonly string[];
}

/**
 * AGC200: every frontmatter key of a rule, skill, agent or command file in a client's own folder is one that
 * a client reading it from there documents for that kind of file (else every reader ignores it, usually a
 * misspelling or another client's field), and a field that holds true or false is written as one. A folder
 * several clients call their own (.agents/skills), or one reaches through a link to another's, is held to
 * all their fields together.
 */
export function frontmatterRule(ctx: LintContext): RuleResult {
  const lenient = globsFields(ctx.clients.map((c) => c.pack));
  const readers = new Map<string, { kind: ItemKind; packs: ClientPack[] }>();
  for (const { pack, load } of ctx.clients)
    for (const item of load.items)
      for (const path of [item.path, ...item.copies]) {
        const dir = documentedFor(pack, item.kind)?.dir;
        if (!dir || !path.startsWith(`${dir}/`)) continue;
        // one file, whichever of the project's links a client reaches it through (a rules folder linked to another)
        const file = pathThroughLinks(ctx.tree, path);
        const found = readers.get(file) ?? { kind: item.kind, packs: [] };
        if (!found.packs.includes(pack)) found.packs.push(pack);
        readers.set(file, found);
      }
  const diagnostics: Diagnostic[] = [];
  for (const [path, { kind, packs }] of readers) {
    const markdown = ctx.markdown(path, packs[0] as ClientPack);
    if (!markdown) continue;
    const documented = packs.flatMap((pack) => documentedFor(pack, kind) ?? []);
    const fields = [...new Set(documented.flatMap((d) => d.fields))];
    const who = namesList(packs.map((p) => p.name));
    for (const [key, value] of Object.entries(markdown.values)) {
      // Another client's globs field in a rule file is AGC203's finding.
      if (kind === "rule" && lenient.includes(key)) continue;
      const booleans = documented.some((d) => d.booleans.includes(key));
      const found = frontmatterFieldFinding({ key, value, kind }, { who, fields, booleans }, (part) =>
        markdown.positionOf(key, part),
      );
      if (found) diagnostics.push(found);
    }
  }
  return { diagnostics };
}

function documentedFor(pack: ClientPack, kind: ItemKind): Documented | undefined {
  const dir = (d: string | null | undefined) => (d ? packPath(d, pack.runtime_placeholders) : undefined);
  const where =
    kind === "rule"
      ? { dir: dir(pack.rules_dir), fields: pack.rule_file?.documented_fields }
      : kind === "skill"
        ? { dir: dir(pack.skills_dir), fields: pack.skill_frontmatter?.documented_fields }
        : kind === "agent"
          ? { dir: dir(pack.agents_dir), fields: pack.agent_frontmatter?.documented_fields }
          : { dir: dir(pack.commands_dir), fields: pack.command_format?.documented_fields };
  if (!where.dir || !where.fields || where.fields.length === 0) return undefined;
  return { dir: where.dir, fields: where.fields, booleans: booleanFields(pack, kind) };
}

/** The fields a pack writes as true or false (a rule trigger's literal, the skill's invocation switches). */
function booleanFields(pack: ClientPack, kind: ItemKind): string[] {
  if (kind === "rule")
    return Object.values(pack.rule_triggers?.map ?? {}).flatMap((m) =>
      Object.entries(m?.fields ?? {}).flatMap(([k, v]) => (typeof v === "boolean" ? [k] : [])),
    );
  if (kind === "skill") {
    const fm = pack.skill_frontmatter;
    return [fm?.model_invocation_field, fm?.user_invocation_field].flatMap((f) => (f ? [f] : []));
  }
  return [];
}
