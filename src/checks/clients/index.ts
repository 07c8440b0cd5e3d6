import { clientPackValid } from "../../clients/checks/client-pack-valid.js";
import { loadTriggerMapped } from "../../packs/rules/checks/load-trigger-mapped.js";
import { clientCannotExpress } from "../../packs/shared/checks/client-cannot-express.js";
import type { Check } from "../check.js";

/** Checks of client-pack loading and emission (AGC080–AGC084), ordered by id. */
export const clientChecks: readonly Check[] = [clientCannotExpress, loadTriggerMapped, clientPackValid];
