import type { PathState } from "../project/project-state.js";
import type { RecordEntry } from "./record.js";

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
