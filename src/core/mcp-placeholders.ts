/** ${NAME} or ${NAME:-default}: the only placeholder form of core/mcp.json. */
const placeholder = /^\$\{[A-Za-z_][A-Za-z0-9_]*(:-[^}]*)?\}/;

/** Each '${' of a value that does not open a well-formed placeholder, as the text from there on. */
export function malformedPlaceholders(value: string): string[] {
  const bad: string[] = [];
  for (let at = value.indexOf("${"); at >= 0; at = value.indexOf("${", at + 2)) {
    const rest = value.slice(at);
    if (!placeholder.test(rest)) bad.push(rest.slice(0, rest.indexOf("}") + 1 || rest.length));
  }
  return bad;
}

/** Whether a value holds a well-formed placeholder anywhere in it. */
export function holdsPlaceholder(value: string): boolean {
  for (let at = value.indexOf("${"); at >= 0; at = value.indexOf("${", at + 2))
    if (placeholder.test(value.slice(at))) return true;
  return false;
}
