import { sections } from "../../packs/index.js";
import type { SecondLine } from "../../packs/shared/second-line.js";
import type { Registry } from "../../registry/model.js";

/** Every client pack's second line in this build, by client id (the matrix's column), from the section that gives it. */
export function secondLines(registry: Registry): Record<string, SecondLine> {
  const lines: Record<string, SecondLine> = {};
  for (const section of sections) {
    if (!section.secondLine) continue;
    for (const { pack } of registry.clients) lines[pack.client] = section.secondLine(pack, registry);
  }
  return lines;
}
