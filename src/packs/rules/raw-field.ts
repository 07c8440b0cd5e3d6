/**
 * Why a value cannot be written unquoted after "field: " on one line, or undefined when it can.
 * A client whose frontmatter reader takes values raw (Cursor's .mdc) would read the quote, cut the
 * value at a comment or see a second key, so such a value is reported instead of written.
 */
export function rawValueProblem(value: string): string | undefined {
  if (/[\r\n\u2028\u2029]/.test(value)) return "it spans several lines";
  if (/^["']/.test(value)) return "it starts with a quote";
  if (value.includes(": ")) return 'it contains ": "';
  if (value.includes("#")) return 'it contains "#"';
  return undefined;
}
