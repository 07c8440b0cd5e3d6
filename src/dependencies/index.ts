/**
 * What other stages use of dependencies/: the resolved inputs of a build come from `resolveDependencies`
 * (the loader calls it; `Registry.dependencyInputs` and `CompileResult.dependencies` carry its answer).
 */
export type { DependencyDeclaration, DependencyProvides } from "./declaration.js";
export { lockFileName, readLockFile } from "./lock-file.js";
export type { DependencyInput, DependencyKind } from "./model.js";
export {
  type ResolvedDependencies,
  type ResolveOptions,
  resolveDependencies,
} from "./resolve-dependencies.js";
