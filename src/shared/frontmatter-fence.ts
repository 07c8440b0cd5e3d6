/**
 * A line that opens or closes a Markdown file's frontmatter: `---`, as the clients' readers take it, with
 * trailing spaces, tabs or a carriage return allowed (VS Code's prompt file parser matches /^---[\s\r\n]*$/).
 */
export function isFrontmatterFence(line: string | undefined): boolean {
  return line !== undefined && /^---[ \t\r]*$/.test(line);
}

/** The index of the fence closing a frontmatter opened on the first line; -1 when there is none. */
export function closingFenceAt(lines: readonly string[]): number {
  return lines.findIndex((line, index) => index > 0 && isFrontmatterFence(line));
}
