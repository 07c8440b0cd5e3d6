/**
 * The library API: the CLI and any other front end are thin shells over these. Installing: runInstall,
 * runUninstall, projectStatus, checkForUpdate and runUpdate (agentc install, uninstall, status, update),
 * resolveBundle for a .zip or https URL.
 */

export { allChecks, findCheck } from "./check-list/index.js";
export type { Check } from "./checks/check.js";
export { checkDocsUrl } from "./diagnostics/check-docs-url.js";
export type { CheckMeta, Finding } from "./diagnostics/check-meta.js";
export type { Diagnostic, Position, RelatedLocation, Severity } from "./diagnostics/diagnostic.js";
export { type BundleSource, parseBundleSource } from "./distribute/bundle-source.js";
export type { Candidate, OpenedBundle } from "./distribute/candidate.js";
export { latestBundle } from "./distribute/latest-bundle.js";
export { type Published, publishOci } from "./distribute/oci/oci-publish.js";
export { openBundleSource } from "./distribute/open-source.js";
export { checkForUpdate, runUpdate, type UpdateCheck, type UpdateRequest } from "./distribute/update.js";
export { emitRegistry } from "./emit/emit-registry.js";
export type { EmittedFile, EmittedTree } from "./emit/emitted-tree.js";
export type { FleetRow } from "./fleet/fleet-row.js";
export { type OutdatedOptions, outdated } from "./fleet/outdated.js";
export {
  AgentcError,
  type ComponentChoice,
  type InstallRequest,
  type InstallResult,
  projectStatus,
  type ResolveBundleOptions,
  type ResolvedBundle,
  type RunResult,
  type RunStatus,
  readSignerFile,
  resolveBundle,
  runInstall,
  runUninstall,
  type SignatureReport,
  type SignerPolicy,
  type StatusFinding,
  type StatusResult,
  type UninstallRequest,
} from "./install/index.js";
export { buildManifest } from "./manifest/build-manifest.js";
export { serializeManifest } from "./manifest/canonical-manifest.js";
export type { Manifest } from "./manifest/manifest-model.js";
export { writeBuild } from "./output/write-build.js";
export { type CompileResult, compileRegistry } from "./pipeline/compile.js";
export { buildPlugin } from "./plugin/build-plugin.js";
export { type LoadOptions, loadRegistry } from "./registry/load-registry.js";
export type { Adapter, Registry, Rule } from "./registry/model.js";
export { type RunningServe, type ServeOptions, startServe } from "./serve/http-server.js";
export { buildSite } from "./site/build-site.js";
export type { SiteData } from "./site/site-model.js";
