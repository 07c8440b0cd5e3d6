import { capabilityManifestMatchesSchema } from "../../capabilities/checks/capability-manifest-matches-schema.js";
import { capabilityPathsResolve } from "../../capabilities/checks/capability-paths-resolve.js";
import type { Check } from "../check.js";
import { capabilityNamesUnique } from "./capability-names-unique.js";
import { environmentUsesVendorPrefix } from "./environment-uses-vendor-prefix.js";
import { injectReachesAnInstance } from "./inject-reaches-an-instance.js";
import { oneCapabilityPerLayer } from "./one-capability-per-layer.js";
import { runtimeRequirementNotChecked } from "./runtime-requirement-not-checked.js";
import { soulScaffoldNotRun } from "./soul-scaffold-not-run.js";
import { spawnHookHasRetire } from "./spawn-hook-has-retire.js";

/** The checks of capability packages (AGC095–AGC103), ordered by id. */
export const capabilityChecks: readonly Check[] = [
  capabilityManifestMatchesSchema,
  capabilityNamesUnique,
  oneCapabilityPerLayer,
  capabilityPathsResolve,
  spawnHookHasRetire,
  soulScaffoldNotRun,
  runtimeRequirementNotChecked,
  environmentUsesVendorPrefix,
  injectReachesAnInstance,
];
