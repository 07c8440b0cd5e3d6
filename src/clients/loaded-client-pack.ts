import type { JsonDocument } from "../documents/json-document.js";
import type { ClientPack } from "./model.js";

/** A client pack as loaded: its data, the file it came from, and positions for diagnostics about it. */
export interface LoadedClientPack {
  pack: ClientPack;
  /** Package-relative ("clients/cursor.json") or registry-relative path. */
  file: string;
  document: JsonDocument;
  origin: "builtin" | "registry";
}
