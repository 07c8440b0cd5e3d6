import { headingYieldsSlug } from "../../registry/checks/heading-yields-slug.js";
import { textBelongsToARule } from "../../registry/checks/text-belongs-to-a-rule.js";
import { parseRuleFile } from "../../registry/rules/rule-file.js";
import type { ImportedSection } from "../model.js";

const origin = { source: { name: "imported", kind: "custom" as const, path: "" }, sourceIndex: 0 };

/**
 * An always-on file cut into rules exactly as the registry's loader will cut the file import writes
 * (src/registry/rules/rule-file.ts): at '#' and '##' headings outside code fences. Text before the first heading
 * (or a file without one) gets a heading of its own (the file's name) one blank line above it, since every
 * rule starts at one. A heading that yields no slug (`## 스킬 & 워크플로우`) gets a number added
 * (`## 스킬 & 워크플로우 (section 1)`), so that its section is a rule too (`retitledFrom`: the heading as written).
 */
export function splitSections(file: string, text: string, heading = file): ImportedSection[] {
  const first = parseRuleFile(file, text, origin);
  const needsHeading =
    text.startsWith("---\n") || first.diagnostics.some((d) => d.id === textBelongsToARule.id);
  const blank = needsHeading ? (/^(?:[ \t]*\n)*/.exec(text)?.[0] ?? "") : "";
  const blankLines = blank.split("\n").length - 1;
  const shift = needsHeading ? 2 - blankLines : 0;
  const input = needsHeading ? `# ${heading}\n\n${text.slice(blank.length)}` : text;
  const parsed = needsHeading ? parseRuleFile(file, input, origin) : first;
  const unnamed = parsed.diagnostics.filter((d) => d.id === headingYieldsSlug.id);
  const lines = input.split("\n");
  const retitled = new Map<number, string>();
  for (const [index, { line }] of unnamed.entries()) {
    const written = headingLine.exec(lines[line - 1] ?? "");
    if (!written) continue;
    const [, marks = "#", title = ""] = written;
    // the same in a copy of the file (a link to it), whose sections are then the same rules
    lines[line - 1] = `${marks} ${title === "" ? "" : `${title} `}(section ${index + 1})`;
    retitled.set(line, title);
  }
  const named = retitled.size > 0 ? parseRuleFile(file, lines.join("\n"), origin) : parsed;
  return named.rules.map((rule, index) => {
    const from = retitled.get(rule.heading.line);
    return {
      text: rule.text,
      slug: rule.slug,
      title: rule.title,
      position: { ...rule.heading, line: Math.max(1, rule.heading.line - shift) },
      ...(needsHeading && index === 0 ? { invented: true } : {}),
      ...(from !== undefined ? { retitledFrom: from } : {}),
    };
  });
}

/** A '#' or '##' heading line: its marks and its title without closing marks. */
const headingLine = /^( {0,3}#{1,2})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
