import type { CheckMeta, Finding, InlineCheck, RegistryCheckOf } from "../diagnostics/check-meta.js";
import type { EmittedTree } from "../emit/emitted-tree.js";
import type { Registry } from "../registry/model.js";

export type RegistryCheck = RegistryCheckOf<Registry>;

export interface OutputCheck extends CheckMeta {
  stage: "output";
  run(registry: Registry, tree: EmittedTree): Iterable<Finding>;
}

export type Check = RegistryCheck | OutputCheck | InlineCheck;
