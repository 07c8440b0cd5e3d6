import { parse, TomlError } from "smol-toml";
import { depthAtMost, maxNesting, tooDeepMessage } from "./nesting-limit.js";

/**
 * smol-toml's parse for TOML from outside agentc, held to `maxNesting`: its own depth limit covers
 * arrays and inline tables, not dotted keys (`a.b.c… = 1` and `[a.b.c…]` nest one level per dot), so
 * the parsed value is measured too. Throws TomlError, as parse does, pointing at the first line whose
 * key alone is too deep (else the first line).
 */
export function parseToml(text: string): Record<string, unknown> {
  const value = parse(text, { maxDepth: maxNesting }) as Record<string, unknown>;
  if (depthAtMost(value)) return value;
  throw new TomlError(tooDeepMessage("TOML"), { toml: text, ptr: deepKeyOffset(text) });
}

function deepKeyOffset(text: string): number {
  let offset = 0;
  for (const line of text.split("\n")) {
    const key = line.split("=")[0] ?? "";
    if (key.split(".").length > maxNesting) return offset;
    offset += line.length + 1;
  }
  return 0;
}
