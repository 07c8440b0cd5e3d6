/** An agent instance's AGENTS.md: the soul's text, a blank line, then the package's inject text (as it is without one). */
export function withInject(soul: Buffer, inject: Buffer | undefined): Buffer {
  if (inject === undefined) return soul;
  let end = soul.length;
  while (end > 0 && (soul[end - 1] === 0x0a || soul[end - 1] === 0x0d)) end--;
  return Buffer.concat([soul.subarray(0, end), Buffer.from("\n\n"), inject]);
}
