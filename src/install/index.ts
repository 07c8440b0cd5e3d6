/**
 * The installer's API: what a front end (the CLI, a server, a library user) needs to install, uninstall,
 * report status, fetch a bundle and run an installed capability's commands. src/index.ts re-exports it.
 */

export { readSignerFile } from "../packaging/signature/signer-file.js";
export { AgentcError } from "../shared/agentc-error.js";
export type { RunResult, RunStatus } from "./apply/run-result.js";
export { type Downloaded, downloadToFile } from "./bundle/download.js";
export { toSri } from "./bundle/integrity.js";
export {
  expectedUrlDigest,
  type ResolveBundleOptions,
  type ResolvedBundle,
  resolveBundle,
} from "./bundle/resolve-bundle.js";
export type { SignatureReport, SignerPolicy } from "./bundle/signature-trust.js";
export { bundleUrl, isLoopbackHost, looksLikeUrl, redacted } from "./bundle/source-url.js";
export { unpackBundle } from "./bundle/unpack-bundle.js";
export { defaultHookTimeoutMs } from "./capability/hook-timeout.js";
export type { RequirementOutcome } from "./capability/requirement-consent.js";
export { type RequirementCheck, shown } from "./capability/runtime-requirements.js";
export type { HookToRun, hooksToRun } from "./capability/spawn-plan.js";
export { reportLine, type SpawnReport } from "./capability/spawn-report.js";
export { unstartable } from "./capability/unstartable.js";
export { runInstall } from "./install-run.js";
export type { EditedFile, InstallRequest, InstallResult } from "./install-types.js";
export type { DriftKind, Finding as StatusFinding } from "./model/drift.js";
export type { Action, ComposeSummary, Conflict, LinkFallback, Plan } from "./model/plan-model.js";
export {
  type ComposedRecord,
  type InstallRecord,
  manifestCopyPathIn,
  type RecordEntry,
  readRecord,
} from "./model/record.js";
export type { SourceRecord } from "./model/source-record.js";
export { type ComponentChoice, choosableComponents, requiredComponents } from "./plan/components.js";
export { freshCompositions } from "./plan/fresh-composition.js";
export type { EditedChoice } from "./plan/plan-context.js";
export { missingProject, projectRoot } from "./project/project-root.js";
export { type CommandRequest, chooseCapability, commandLaunch } from "./run/command-launch.js";
export { listingJson, listingPretty } from "./run/command-listing.js";
export { exitStatus, runCommandProcess } from "./run/command-process.js";
export { type Installed, readInstalled } from "./run/installed-capabilities.js";
export { projectStatus, type StatusResult } from "./status.js";
export { runUninstall, type UninstallRequest } from "./uninstall-run.js";
export { userScopeRoot } from "./user-scope/user-scope.js";
