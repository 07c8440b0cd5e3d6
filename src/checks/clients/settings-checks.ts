import type { Check } from "../check.js";
import { composedFileNotWhole } from "./composed-file-not-whole.js";
import { composedValuesAgree } from "./composed-values-agree.js";
import { guardOutlivesClientTimeout } from "./guard-outlives-client-timeout.js";

/** Checks of what client packs compose into shared settings files (AGC085–AGC089), ordered by id. */
export const settingsChecks: readonly Check[] = [
  composedValuesAgree,
  composedFileNotWhole,
  guardOutlivesClientTimeout,
];
