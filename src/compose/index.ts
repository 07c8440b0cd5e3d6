export { composeFile } from "./compose-file.js";
export { composeJson } from "./compose-json.js";
export { composeToml } from "./compose-toml.js";
export type { ComposeResult, Conflict, ConflictKind, KeyPath, OwnedEntry, OwnedRecord } from "./model.js";
export { canonicalJson, valueHash } from "./value-hash.js";
