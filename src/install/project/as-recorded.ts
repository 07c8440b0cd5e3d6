import type { RecordEntry } from "../model/record.js";
import type { PathState } from "./project-state.js";

/**
 * Whether the file on disk is exactly what the record says agentc wrote: the same bytes and the same mode.
 * A file whose only change is its mode (`chmod +x`, `chmod -x`) is edited (installer-safety case 24).
 */
export function isAsRecorded(onDisk: PathState, entry: RecordEntry | undefined): boolean {
  return (
    entry !== undefined &&
    onDisk.type === "file" &&
    onDisk.sha256 === entry.sha256 &&
    onDisk.executable === (entry.executable === true)
  );
}

/** Kinds of entry whose file agentc wrote whole, with the hash the entry holds. */
const writtenWhole: ReadonlySet<RecordEntry["kind"]> = new Set(["file", "seed", "copy", "import", "beside"]);

/**
 * Whether the record shows that agentc wrote the file on disk, byte for byte and mode: the one ground on which
 * agentc replaces or deletes a file. A file the person already had (`adopted`), a file agentc moved aside, a
 * file it composed a block into, and any hash a bundle vouches for are not.
 */
export function wroteAs(onDisk: PathState, entry: RecordEntry | undefined): boolean {
  return (
    entry !== undefined &&
    writtenWhole.has(entry.kind) &&
    entry.adopted !== true &&
    isAsRecorded(onDisk, entry)
  );
}
