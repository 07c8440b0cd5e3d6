import type { Registry } from "../../registry/model.js";
import { type SecondLine, secondLine } from "../clients/os-read-deny.js";

/** Every client pack's second line in this build, by client id (the matrix's column). */
export function secondLines(registry: Registry): Record<string, SecondLine> {
  return Object.fromEntries(registry.clients.map(({ pack }) => [pack.client, secondLine(pack, registry)]));
}
