import { durabilityBarrier } from "./durability.js";
import { forgetParents } from "./fs-ops.js";
import { finishJournal, readJournal, rollBack } from "./journal.js";

export type Recovery = "rolled-back" | "completed" | undefined;

/**
 * Finishes an install that was interrupted (crash, kill, power loss) before the next one starts: an install
 * that had not committed is rolled back, one that had committed only loses its leftover backups.
 * The caller holds the project lock.
 */
export function recoverInterrupted(root: string): Recovery {
  const journal = readJournal(root);
  forgetParents();
  if (!journal) {
    finishJournal(root);
    return undefined;
  }
  if (journal.state === "committed") {
    finishJournal(root);
    return "completed";
  }
  rollBack(root, journal);
  durabilityBarrier(root);
  finishJournal(root);
  return "rolled-back";
}
