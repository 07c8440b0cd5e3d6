import { mcpVariableReachesServer } from "../../packs/mcp/checks/mcp-variable-reaches-server.js";
import type { Check } from "../check.js";
import { clientLoadsEachItemOnce } from "./client-loads-each-item-once.js";
import { clientReadsWhatWasWritten } from "./client-reads-what-was-written.js";

/** The checks that what a client receives is what it reads (AGC150–AGC159), ordered by id. */
export const fidelityChecks: readonly Check[] = [
  mcpVariableReachesServer,
  clientLoadsEachItemOnce,
  clientReadsWhatWasWritten,
];
