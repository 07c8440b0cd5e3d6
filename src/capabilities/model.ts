import type { CoreAgent, CoreSkill } from "../core/model.js";
import type { JsonDocument } from "../documents/json-document.js";

/** The folder of a registry that holds capability packages, one folder each. */
export const capabilitiesFolder = "capabilities";

/** The manifest's names, agentc's first: a folder holding both is an error. */
export const manifestFileNames = ["capability.json", "oats.json"] as const;

/** Where a package is copied in the project; its agents' instances live beside it. */
export const homeFolder = ".agents/capabilities";
export const instancesFolder = ".agents/local-agents";
export const instanceSkillsFolder = ".agents/skills";

export type Layer = "knowledge" | "messaging" | "tasks";

/** In the order the manifest lists hooks. */
export const hookEvents = ["retire", "soul-scaffold", "spawn"] as const;
export type CapabilityHookEvent = (typeof hookEvents)[number];

export type WrittenHook = string | { command: string; required?: boolean };

export interface HostRequirement {
  command: string;
  why: string;
  install?: string;
}

export interface RuntimeRequirement {
  /** One of the runtimes the schema lists; agentc passes it on without knowing any of them. */
  runtime: string;
  package: string;
  why: string;
  install?: string;
  marketplace?: string;
}

/** capability.json as written; schemas/capability.schema.json is its contract. */
export interface CapabilityManifest {
  capability: string;
  command?: string;
  version: string;
  compatibility?: { oats: string };
  description: string;
  layer?: Layer;
  skills?: string[];
  inject?: string;
  environment?: string[];
  requires?: (HostRequirement | RuntimeRequirement)[];
  commands?: Record<string, string>;
  hooks?: Partial<Record<CapabilityHookEvent, WrittenHook>>;
  agents?: string[];
}

export interface CapabilityHook {
  event: CapabilityHookEvent;
  command: string;
  /** A hook written as a plain string is optional. */
  required: boolean;
}

/** A package whose manifest matched the schema. */
export interface CapabilityPackage {
  /** Registry-relative folder: capabilities/<dir>. */
  dir: string;
  /** Registry-relative path of capability.json or oats.json. */
  manifestFile: string;
  document: JsonDocument;
  manifest: CapabilityManifest;
  /** The name of its home folder and component: `command`, else the id made path-safe. */
  slug: string;
  /** Declared hooks in event order. */
  hooks: CapabilityHook[];
  /** Every file of the folder, package-relative path → bytes, in code-point order of paths. */
  files: Map<string, Buffer>;
}

export function isRuntimeRequirement(
  requirement: HostRequirement | RuntimeRequirement,
): requirement is RuntimeRequirement {
  return "runtime" in requirement;
}

/** A package's skills read into the core skill model, for the client packs that compile them. */
export interface PackageSkills {
  pkg: CapabilityPackage;
  skills: CoreSkill[];
}

/** A package's agents (souls) in the core agent model, for the client packs that compile them as subagents. */
export interface PackageAgents {
  pkg: CapabilityPackage;
  agents: CoreAgent[];
}
