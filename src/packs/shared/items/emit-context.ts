import type { Core } from "../../../core/model.js";
import type { Diagnostic, Position } from "../../../diagnostics/diagnostic.js";
import { type CapabilityRow, capabilityRow, type Enforcement, type PromiseKind } from "../capability.js";
import type { ItemPack } from "./item-pack.js";

/** Which core item a file of a client pack expresses (checks and CAPABILITIES.md read it). */
export interface ClientFileOrigin {
  client: string;
  kind:
    | "root"
    | "rule"
    | "skill"
    | "skill-file"
    | "agent"
    | "command"
    | "shared-core"
    | "shared-seed"
    | "guard"
    | "exec-policy";
  /** The core item's name (skill, agent, command or rule name). */
  name?: string;
  /** True when the client puts the file's text into every session (always-loaded budget). */
  alwaysLoaded: boolean;
}

/**
 * A file a pack writes whole into the project (emit/emitted-tree.ts EmittedFile): an asset the installer
 * replaces on update, or a seed written once; `source`, the registry file it copies.
 */
export interface OwnedFile {
  path: string;
  bytes: Buffer;
  component: string;
  role: "asset" | "seed";
  rules: never[];
  executable: boolean;
  source?: string;
  client: ClientFileOrigin;
}

/**
 * What an item section's emitter reads: the pack (its file, for messages), and the registry's core and files.
 * emit/clients/emit-context.ts EmitContext is one.
 */
export interface ItemEmitContext<Pack extends ItemPack = ItemPack> {
  client: { file: string };
  pack: Pack & { notes?: Record<string, string> };
  registry: { core: Core; files: ReadonlyMap<string, Buffer>; executableFiles?: ReadonlySet<string> };
}

/** The share of one emitter (rules, skills, …) in a pack's emission. */
export interface PartEmission {
  files: OwnedFile[];
  capabilities: CapabilityRow[];
  diagnostics: Diagnostic[];
}

export function emptyPart(): PartEmission {
  return { files: [], capabilities: [], diagnostics: [] };
}

export function mergeParts(parts: PartEmission[]): PartEmission {
  return {
    files: parts.flatMap((p) => p.files),
    capabilities: parts.flatMap((p) => p.capabilities),
    diagnostics: parts.flatMap((p) => p.diagnostics),
  };
}

/** One capability row; the reason falls back to the pack's note for the kind. */
export function capability(
  ctx: ItemEmitContext,
  kind: PromiseKind,
  promise: string,
  source: Position,
  enforcement: Enforcement,
  reason?: string,
  basis?: string,
): CapabilityRow {
  return capabilityRow(
    ctx.pack.client,
    kind,
    promise,
    source,
    enforcement,
    reason ?? ctx.pack.notes?.[kind] ?? "",
    basis,
  );
}

/** "the client has no skills folder": why every item of a kind is not written. */
export function noPlace(ctx: ItemEmitContext, place: string): string {
  return `${ctx.pack.name} has no ${place} (${place.replace(/ /g, "_")} is null in ${ctx.client.file})`;
}

/** The pack field of a place: "skills dir" → "/skills_dir". */
export function placeBasis(place: string): string {
  return `/${place.replace(/ /g, "_")}`;
}
