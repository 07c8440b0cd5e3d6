import type { DependencyKind } from "./model.js";

/** What a dependency's folder holds, and so where its files go in the layered registry. */
export type DependencyProvides =
  | "registry"
  | "core"
  | "skills"
  | "agents"
  | "commands"
  | "rules"
  | "marketplace-plugin"
  | "agent-plugin";

/** The source kinds of SPEC §1, in the order they win (the registry's own content beats them all). */
export type DependencyPriority = "custom" | "spec-kit" | "architectural" | "community";

/** One entry of `sources.json` `dependencies[]`, as written (schemas/sources.schema.json). */
export interface DependencyDeclaration {
  name: string;
  kind: DependencyKind;
  source: string;
  ref?: string;
  path?: string;
  provides?: DependencyProvides;
  priority?: DependencyPriority;
  plugin?: string;
  npm_registry?: string;
  trusted?: boolean;
  allow_permissions?: boolean;
  enabled?: boolean;
}

/**
 * sources.json `transitive_dependencies[]`: what the registry grants a dependency of its dependencies, named
 * as agentc.lock names it (`org/review-skills`). A transitive dependency's own declaration grants nothing.
 */
export interface TransitiveSetting {
  name: string;
  trusted?: boolean;
  allow_permissions?: boolean;
}

/** The folder of the layered registry a dependency's files go under, by what it provides. */
export const providesPrefix: Record<DependencyProvides, string> = {
  registry: "",
  core: "core/",
  skills: "core/skills/",
  agents: "core/agents/",
  commands: "core/commands/",
  rules: "core/rules/",
  // A plugin's parts are placed by its format (fetch-dependency.ts), not by a prefix.
  "marketplace-plugin": "",
  "agent-plugin": "",
};

export function providesOf(declaration: DependencyDeclaration): DependencyProvides {
  if (declaration.kind === "marketplace") return "registry";
  return declaration.provides ?? (declaration.kind === "registry" ? "registry" : "skills");
}

/** What names the version to use: the declared ref, or the default of the kind (an address names itself). */
export function refOf(declaration: DependencyDeclaration): string {
  if (declaration.ref !== undefined) return declaration.ref;
  if (declaration.kind === "npm") return "latest";
  const named = declaration.kind === "url" || /^oci:\/\/|\.(tar\.gz|tgz)$/.test(declaration.source);
  return named ? declaration.source : "HEAD";
}
