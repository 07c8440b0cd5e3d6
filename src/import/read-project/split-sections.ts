import type { Position } from "../../diagnostics/diagnostic.js";
import { headingYieldsSlug } from "../../registry/checks/heading-yields-slug.js";
import { textBelongsToARule } from "../../registry/checks/text-belongs-to-a-rule.js";
import { parseRuleFile } from "../../registry/rules/rule-file.js";
import type { ImportedSection } from "../model.js";

const origin = { source: { name: "imported", kind: "custom" as const, path: "" }, sourceIndex: 0 };

/**
 * An always-on file cut into rules exactly as the registry's loader will cut the file import writes
 * (src/registry/rules/rule-file.ts): at '#' and '##' headings outside code fences. Text before the first heading
 * (or a file without one) gets a heading of its own (the file's name) one blank line above it, since every
 * rule starts at one; a heading that yields no slug is returned as lost.
 */
export function splitSections(
  file: string,
  text: string,
  heading = file,
): { sections: ImportedSection[]; lost: Position[] } {
  const first = parseRuleFile(file, text, origin);
  const needsHeading =
    text.startsWith("---\n") || first.diagnostics.some((d) => d.id === textBelongsToARule.id);
  const blank = needsHeading ? (/^(?:[ \t]*\n)*/.exec(text)?.[0] ?? "") : "";
  const blankLines = blank.split("\n").length - 1;
  const shift = needsHeading ? 2 - blankLines : 0;
  const parsed = needsHeading
    ? parseRuleFile(file, `# ${heading}\n\n${text.slice(blank.length)}`, origin)
    : first;
  const sections = parsed.rules.map((rule, index) => ({
    text: rule.text,
    slug: rule.slug,
    title: rule.title,
    position: { ...rule.heading, line: Math.max(1, rule.heading.line - shift) },
    ...(needsHeading && index === 0 ? { invented: true } : {}),
  }));
  const lost = parsed.diagnostics
    .filter((d) => d.id === headingYieldsSlug.id)
    .map((d) => ({ file, line: Math.max(1, d.line - shift), column: d.column }));
  return { sections, lost };
}
