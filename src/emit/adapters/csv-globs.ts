/**
 * One comma-separated string of globs. Readers split it at every comma, so a brace group with commas
 * ("*.{ts,tsx}") is expanded into separate globs first.
 */
export function csvGlobs(globs: string[]): string {
  return [...new Set(globs.flatMap(expandBraces))].join(", ");
}

export function expandBraces(glob: string): string[] {
  const group = firstCommaGroup(glob);
  if (!group) return [glob];
  const before = glob.slice(0, group.open);
  const after = glob.slice(group.close + 1);
  return group.options.flatMap((option) => expandBraces(`${before}${option}${after}`));
}

/** The first top-level {a,b} group holding a comma: its bounds and its options (nested groups kept whole). */
function firstCommaGroup(glob: string): { open: number; close: number; options: string[] } | undefined {
  for (let open = glob.indexOf("{"); open >= 0; open = glob.indexOf("{", open + 1)) {
    if (isEscaped(glob, open)) continue;
    const options: string[] = [];
    let depth = 0;
    let start = open + 1;
    for (let i = open + 1; i < glob.length; i++) {
      const c = glob[i];
      if (isEscaped(glob, i)) continue;
      if (c === "{") depth++;
      else if (c === "}" && depth > 0) depth--;
      else if (c === "," && depth === 0) {
        options.push(glob.slice(start, i));
        start = i + 1;
      } else if (c === "}") {
        if (options.length === 0) break;
        return { open, close: i, options: [...options, glob.slice(start, i)] };
      }
    }
  }
  return undefined;
}

function isEscaped(text: string, index: number): boolean {
  let slashes = 0;
  for (let i = index - 1; i >= 0 && text[i] === "\\"; i--) slashes++;
  return slashes % 2 === 1;
}
