import { builtinSection } from "../packs/shared/builtin-pack.js";
import type { Json, NotActedOn } from "../packs/shared/seed-pack-model.js";

type Section = "skill_frontmatter" | "agent_frontmatter";

/**
 * The documented frontmatter fields of a seed-shaped pack's skills and agents. Seed 001 names them only in
 * its README (agents: name, description, tools, "ergänzend disallowedTools"), so a section that lists none
 * documents what it writes and what agentc's built-in pack of the same client documents; that it did is
 * said once (AGC141, info). Without a built-in pack it documents what it writes.
 */
export class DocumentedFields {
  private readonly borrowed: Section[] = [];

  constructor(private readonly seed: Json) {}

  of(section: Section, written: string[]): string[] {
    const own = (this.seed[section] as Json | undefined)?.documented_fields;
    if (Array.isArray(own)) return own as string[];
    const builtin = builtinSection(String(this.seed.client), section)?.documented_fields;
    if (!Array.isArray(builtin)) return written;
    this.borrowed.push(section);
    return [...new Set([...written, ...(builtin as string[])])];
  }

  borrowedNote(): NotActedOn[] {
    const [first] = this.borrowed;
    if (!first) return [];
    const client = String(this.seed.client);
    return [
      {
        path: [first],
        severity: "info",
        message: `${this.borrowed.join(" and ")} list no documented_fields, so the fields ${client} documents for them are taken from agentc's built-in pack (clients/${client}.json): a skill or agent the pack ships may use them (disallowedTools, allowed-tools, …)`,
        hint: "To choose them yourself, add documented_fields to the section.",
      },
    ];
  }
}
