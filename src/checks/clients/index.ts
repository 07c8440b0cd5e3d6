import { clientPackValid } from "../../clients/checks/client-pack-valid.js";
import type { Check } from "../check.js";
import { clientCannotExpress } from "./client-cannot-express.js";
import { loadTriggerMapped } from "./load-trigger-mapped.js";

/** Checks of client-pack loading and emission (AGC080–AGC084), ordered by id. */
export const clientChecks: readonly Check[] = [clientCannotExpress, loadTriggerMapped, clientPackValid];
