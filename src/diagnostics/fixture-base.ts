import type { Fixture } from "./check-meta.js";

export function targetsWith(adapters: object[], extra: object = {}): string {
  return `${JSON.stringify({ version: 1, builtin_adapters: "none", targets: adapters, ...extra }, null, 2)}\n`;
}

export const agentsMdAdapter = {
  id: "agents-md",
  output_dir: "",
  extension: ".md",
  global_placement: "single_file",
  pinned_global_name: "AGENTS",
  budget_profile: "global",
  scoped_layout: "none",
  scoped_fallback: "omit",
};

/** The smallest valid registry; check examples override or add files. */
export const baseFixture: Fixture = {
  "sources.json": `${JSON.stringify(
    {
      version: 1,
      trigger_keys: ["any-code"],
      router_slug: "skill-router",
      sources: [{ name: "custom", kind: "custom", path: "rules", enabled: true }],
    },
    null,
    2,
  )}\n`,
  "targets.json": targetsWith([agentsMdAdapter]),
  "rules/router.md": [
    "---",
    "scope: global",
    "description: Which rule applies to which moment.",
    "---",
    "# Skill Router",
    "",
    "| trigger | rule |",
    "|---|---|",
    "| any-code | code-style |",
    "",
  ].join("\n"),
  "rules/code-style.md": [
    "---",
    "scope: global",
    "description: How we write code here.",
    "trigger: any-code",
    "---",
    "# Code Style",
    "",
    "- Prefer small functions.",
    "",
  ].join("\n"),
};

export function withBase(overrides: Fixture): Fixture {
  return { ...baseFixture, ...overrides };
}

/** The base sources.json with some fields added or replaced. */
export function sourcesWith(extra: object): string {
  const base = JSON.parse(baseFixture["sources.json"] ?? "{}") as object;
  return `${JSON.stringify({ ...base, ...extra }, null, 2)}\n`;
}

/** A rule file: frontmatter lines, a heading, a body. */
export function ruleFile(frontmatter: string[], heading: string, body: string[]): string {
  const matter = frontmatter.length > 0 ? ["---", ...frontmatter, "---"] : [];
  return [...matter, heading, "", ...body, ""].join("\n");
}

/** The base registry plus rules/docs.md, a scoped rule with the globs written as given (a YAML value). */
export function docsRuleWith(globs: string): Fixture {
  return withBase({
    "rules/docs.md": ruleFile(
      ["scope: scoped", `globs: ${globs}`, "description: How we write docs."],
      "# Docs Style",
      ["- Short sentences."],
    ),
  });
}
