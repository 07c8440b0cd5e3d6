/** The library API: the CLI and any other front end are thin shells over these. */
export type { Check, CheckMeta, Finding } from "./checks/check.js";
export { allChecks, findCheck } from "./checks/index.js";
export type { Diagnostic, Position, Severity } from "./diagnostics/diagnostic.js";
export { emitRegistry } from "./emit/emit-registry.js";
export type { EmittedFile, EmittedTree } from "./emit/emitted-tree.js";
export { buildSite } from "./emit/site/build-site.js";
export type { SiteData } from "./emit/site/site-model.js";
export { buildManifest } from "./manifest/build-manifest.js";
export { serializeManifest } from "./manifest/canonical-manifest.js";
export type { Manifest } from "./manifest/manifest-model.js";
export { writeBuild } from "./output/write-build.js";
export { type CompileResult, compileRegistry } from "./pipeline/compile.js";
export { buildPlugin } from "./plugin/build-plugin.js";
export { type LoadOptions, loadRegistry } from "./registry/load-registry.js";
export type { Adapter, Registry, Rule } from "./registry/model.js";
