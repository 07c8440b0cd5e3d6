import type { Position } from "../diagnostics/diagnostic.js";

/**
 * Frontmatter fields a client reads as written (a pack's `rule_triggers.raw_fields`: Cursor's .mdc reader is
 * not YAML), cut out of the YAML text: their lines left empty, so positions stay right. A raw field with
 * nothing after "key:" takes the indented or "- " lines below it (a block list), each on a line of its own
 * after a leading line break. The one reader of such fields, for import and the session-load model.
 */
export function rawFieldValues(file: string, lines: string[], rawFields: readonly string[]) {
  const values: Record<string, string> = {};
  const positions = new Map<string, Position>();
  const yamlLines = [...lines];
  lines.forEach((line, index) => {
    const match = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ \t]+(.*))?$/.exec(line);
    const key = match?.[1];
    if (key === undefined || !rawFields.includes(key)) return;
    let value = (match?.[2] ?? "").trim();
    yamlLines[index] = "";
    for (let next = index + 1; value === "" || value.startsWith("\n"); next++) {
      const below = lines[next];
      if (below === undefined || !/^([ \t]+\S|-[ \t]|-$)/.test(below)) break;
      value += `\n${below.trim()}`;
      yamlLines[next] = "";
    }
    if (value !== "") values[key] = value;
    positions.set(key, { file, line: index + 2, column: 1 });
  });
  return { values, positions, yamlLines };
}
