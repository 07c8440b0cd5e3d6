import type { Check } from "../../checks/check.js";
import { nativeContentImported } from "./native-content-imported.js";
import { nativeFilesReadable } from "./native-files-readable.js";
import { roundTripReproduces } from "./round-trip-reproduces.js";

/** The findings of `agentc import` (src/import/): its examples are projects, not registries. */
export const importChecks: readonly Check[] = [
  nativeFilesReadable,
  nativeContentImported,
  roundTripReproduces,
];
