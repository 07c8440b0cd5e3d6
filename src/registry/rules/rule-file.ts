import { fitsBraceBudget } from "../../core/glob-budget.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { type ParsedYaml, parseYamlBlock } from "../../documents/yaml-frontmatter.js";
import { slugify } from "../../shared/slug.js";
import { ruleYamlFindings, unclosedFrontmatterFinding } from "../checks/frontmatter-is-well-formed.js";
import { ruleFrontmatterFindings } from "../checks/frontmatter-matches-schema.js";
import { emptySlugFinding } from "../checks/heading-yields-slug.js";
import { strayTextFinding } from "../checks/text-belongs-to-a-rule.js";
import type { Rule, RuleField, SourceEntry } from "../model.js";

export interface RuleFileSource {
  source: SourceEntry;
  sourceIndex: number;
}

/** A rule's frontmatter as written (rule-frontmatter.schema.json checks the values). */
type RuleFrontmatter = Partial<Record<RuleField, unknown>>;

interface Frontmatter {
  values: RuleFrontmatter;
  fields: Partial<Record<RuleField, Position>>;
  /** Position of each item of a globs list. */
  globItems?: Position[];
}

interface Section {
  title: string;
  heading: Position;
  lines: string[];
  firstLine: number;
}

const ruleHeading = /^ {0,3}(#{1,2})(?:[ \t]+(.*?))?[ \t]*$/;
const fence = /^ {0,3}(`{3,}|~{3,})/;
/** Fields the first rule of a file takes from the file's frontmatter, and no other rule does. */
const firstRuleOnly: RuleField[] = ["trigger", "supersedes"];

/** Splits one Markdown file into rules at '#' and '##' headings. */
export function parseRuleFile(
  file: string,
  text: string,
  origin: RuleFileSource,
): { rules: Rule[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const lines = text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const block = readYamlBlock(file, lines, 0, diagnostics, 0);
  if (block && !block.closed) return { rules: [], diagnostics };
  const fileMatter = block?.frontmatter ?? { values: {}, fields: {} };
  const sections = splitSections(file, lines, block?.nextLine ?? 0, diagnostics);
  const rules: Rule[] = [];
  for (const [index, section] of sections.entries()) {
    const own = readYamlBlock(file, section.lines, 1, diagnostics, section.firstLine);
    const inherited = index === 0 ? fileMatter : withoutFirstRuleFields(fileMatter);
    const matter = merge(inherited, own?.frontmatter);
    const body = own ? [section.lines[0] ?? "", ...section.lines.slice(own.nextLine)] : section.lines;
    const rule = toRule(file, section, body, matter, origin, diagnostics, own ? own.nextLine - 1 : 0);
    if (rule) rules.push(rule);
  }
  return { rules, diagnostics };
}

function readYamlBlock(
  file: string,
  lines: string[],
  openAt: number,
  diagnostics: Diagnostic[],
  lineOffset: number,
): { frontmatter: Frontmatter; nextLine: number; closed: boolean } | undefined {
  if (lines[openAt] !== "---") return undefined;
  const closeAt = lines.indexOf("---", openAt + 1);
  const openPosition = { file, line: lineOffset + openAt + 1, column: 1 };
  if (closeAt < 0) {
    diagnostics.push(unclosedFrontmatterFinding(openPosition));
    return { frontmatter: { values: {}, fields: {} }, nextLine: lines.length, closed: false };
  }
  const yamlText = lines.slice(openAt + 1, closeAt).join("\n");
  const { parsed, errors } = parseYamlBlock(file, yamlText, lineOffset + openAt + 2);
  diagnostics.push(...ruleYamlFindings(errors));
  return {
    frontmatter: parsed ? checkFrontmatter(parsed, diagnostics) : { values: {}, fields: {} },
    nextLine: closeAt + 1,
    closed: true,
  };
}

function checkFrontmatter(parsed: ParsedYaml, diagnostics: Diagnostic[]): Frontmatter {
  diagnostics.push(...ruleFrontmatterFindings(parsed.value, parsed.positionOf));
  const values: Frontmatter["values"] = {};
  const fields: Frontmatter["fields"] = {};
  for (const key of ["scope", "globs", "description", "trigger", "supersedes"] as const) {
    if (!(key in parsed.value)) continue;
    values[key] = parsed.value[key];
    fields[key] = parsed.positionOf([key], "key");
  }
  const globs = parsed.value.globs;
  if (!Array.isArray(globs)) return { values, fields };
  const positions = globs.map((_, i) => parsed.positionOf(["globs", i]));
  const fits = fitsBraceBudget(globs, (i) => positions[i] ?? parsed.positionOf(["globs"]), diagnostics);
  values.globs = globs.filter((_, i) => fits[i]);
  return { values, fields, globItems: positions.filter((_, i) => fits[i]) };
}

function splitSections(file: string, lines: string[], start: number, diagnostics: Diagnostic[]): Section[] {
  const sections: Section[] = [];
  let openFence: string | undefined;
  let strayLine: number | undefined;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const fenceMatch = fence.exec(line);
    if (fenceMatch?.[1]) {
      const marker = fenceMatch[1];
      if (!openFence) openFence = marker;
      else if (marker[0] === openFence[0] && marker.length >= openFence.length) openFence = undefined;
    }
    const heading = openFence || fenceMatch ? null : ruleHeading.exec(line);
    if (heading) {
      const column = line.indexOf("#") + 1;
      sections.push({
        title: (heading[2] ?? "").replace(/[ \t]+#+$/, ""),
        heading: { file, line: i + 1, column },
        lines: [line],
        firstLine: i,
      });
    } else if (sections.length > 0) sections.at(-1)?.lines.push(line);
    else if (line.trim() !== "" && strayLine === undefined) strayLine = i;
  }
  const stray = strayTextFinding(file, strayLine, sections.length);
  if (stray) diagnostics.push(stray);
  return sections;
}

function withoutFirstRuleFields(matter: Frontmatter): Frontmatter {
  const values = { ...matter.values };
  const fields = { ...matter.fields };
  for (const key of firstRuleOnly) {
    delete values[key];
    delete fields[key];
  }
  return { ...matter, values, fields };
}

function merge(base: Frontmatter, own: Frontmatter | undefined): Frontmatter {
  if (!own) return base;
  const globItems = own.values.globs === undefined ? base.globItems : own.globItems;
  return {
    values: { ...base.values, ...own.values },
    fields: { ...base.fields, ...own.fields },
    ...(globItems ? { globItems } : {}),
  };
}

function toRule(
  file: string,
  section: Section,
  body: string[],
  matter: Frontmatter,
  origin: RuleFileSource,
  diagnostics: Diagnostic[],
  ownBlockLines: number,
): Rule | undefined {
  const slug = slugify(section.title);
  const unnamed = emptySlugFinding(section.title, slug, section.heading);
  if (unnamed) {
    diagnostics.push(unnamed);
    return undefined;
  }
  while (body.length > 1 && (body.at(-1) ?? "").trim() === "") body.pop();
  const v = matter.values;
  const globs = Array.isArray(v.globs) ? v.globs.filter((g): g is string => typeof g === "string") : [];
  return {
    slug,
    title: section.title,
    file,
    heading: section.heading,
    sourceName: origin.source.name,
    sourceIndex: origin.sourceIndex,
    kind: origin.source.kind,
    ...(origin.source.adapters ? { adapters: origin.source.adapters } : {}),
    scope: v.scope === "scoped" ? "scoped" : "global",
    globs,
    ...(Array.isArray(v.globs) && matter.globItems
      ? { globPositions: matter.globItems.filter((_, i) => typeof (v.globs as unknown[])[i] === "string") }
      : {}),
    ...(typeof v.description === "string" ? { description: v.description } : {}),
    ...(typeof v.trigger === "string" ? { trigger: v.trigger } : {}),
    ...(typeof v.supersedes === "string" ? { supersedes: v.supersedes } : {}),
    text: body.join("\n"),
    ownBlockLines,
    fields: matter.fields,
  };
}
