import { portableName } from "../core/core-names.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { parseNativeMarkdown } from "../packs/shared/items/native-markdown.js";
import { baseName, parentPath } from "../shared/posix-path.js";
import { skillFieldFindings } from "./checks/skill-name-and-description-valid.js";
import type { LineEdit, LintContext, RuleResult } from "./lint-context.js";

/**
 * AGC201: every SKILL.md a client lists has the two fields the Agent Skills format requires: a name that
 * is its folder's (lowercase words joined by hyphens, at most 64 characters) and a description of at most
 * 1024 characters. A missing name is mended by --fix with the folder's name, which is the name the clients
 * use anyway.
 */
export function skillRule(ctx: LintContext): RuleResult {
  const diagnostics: Diagnostic[] = [];
  const edits: LineEdit[] = [];
  const paths = new Set(
    ctx.clients.flatMap(({ load }) =>
      load.items.filter((i) => i.kind === "skill").flatMap((i) => [i.path, ...i.copies, ...i.shadowed]),
    ),
  );
  for (const path of [...paths].sort()) {
    const text = ctx.tree.text(path);
    if (text === undefined) continue;
    const markdown = parseNativeMarkdown(path, text).markdown;
    if (!markdown) continue;
    const folder = baseName(parentPath(path));
    diagnostics.push(
      ...skillFieldFindings(path, folder, markdown.values, (key) =>
        key ? markdown.positionOf(key, "value") : { file: path, line: 1, column: 1 },
      ),
    );
    if (markdown.values.name === undefined) edits.push(...nameEdits(path, folder, markdown.hasFrontmatter));
  }
  return { diagnostics, edits };
}

/** The name line, as the frontmatter's first field (and the block itself when the file has none). */
function nameEdits(file: string, folder: string, hasFrontmatter: boolean): LineEdit[] {
  if (!portableName.test(folder)) return [];
  const line = `name: ${folder}`;
  if (hasFrontmatter) return [{ file, line: 2, op: "insert", text: line }];
  return [{ file, line: 1, op: "insert", text: `---\n${line}\n---` }];
}
