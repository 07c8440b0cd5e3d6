/**
 * Plain YAML values that YAML reads as syntax: `key: a: b` (": " starts a nested mapping) and values
 * starting with `*` (an alias), `&` (an anchor), `@` or a backtick (reserved). Quoting the value fixes all.
 */
const keyOrItem = /^(\s*(?:-\s+)?(?:[^\s#'"][^:#]*:\s+)?|\s*-\s+)(\S.*?)\s*$/;
const needsQuotes = (value: string): boolean =>
  /^[*&@`]/.test(value) || (/: /.test(value) && !/^["'[{|>]/.test(value));

const leadingMeaning: Record<string, string> = {
  "*": "in YAML, a leading * names an alias",
  "&": "in YAML, a leading & sets an anchor",
  "@": "in YAML, a plain value cannot start with @",
  "`": "in YAML, a plain value cannot start with a backtick",
};

export interface QuoteHint {
  /** 1-based line in the block, and 1-based column of the value. */
  line: number;
  column: number;
  hint: string;
}

/** The hint for `line` (1-based) of a YAML block, when its value is one that needs quotes. */
export function quoteHintAt(text: string, line: number): QuoteHint | undefined {
  const source = text.split("\n")[line - 1];
  if (source === undefined) return undefined;
  const match = keyOrItem.exec(source.replace(/\s+#.*$/, ""));
  const [prefix = "", value = ""] = match ? [match[1], match[2]] : [];
  if (!value || !needsQuotes(value)) return undefined;
  const quoted = `${prefix.trimStart()}${JSON.stringify(value)}`;
  const why = leadingMeaning[value[0] ?? ""] ?? 'in YAML, ": " inside a plain value starts a nested mapping';
  return { line, column: prefix.length + 1, hint: `Quote the value: ${quoted} (${why}).` };
}

/** The first line whose value starts with `*`: where an alias without its anchor (`globs: *.ts`) is. */
export function aliasValueHint(text: string): QuoteHint | undefined {
  const lines = text.split("\n");
  for (let n = 1; n <= lines.length; n++) {
    const hint = quoteHintAt(text, n);
    if (hint && /^\s*(?:-\s+)?(?:[^:#]*:\s+)?\*/.test(lines[n - 1] ?? "")) return hint;
  }
  return undefined;
}
