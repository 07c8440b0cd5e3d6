import type { LoadedClientPack } from "../../clients/loaded-client-pack.js";
import type { ClientPack } from "../../clients/model.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import {
  type CapabilityRow,
  capabilityRow,
  type Enforcement,
  type PromiseKind,
} from "../../packs/shared/capability.js";
import type { Registry } from "../../registry/model.js";
import type { ComposedFile, EmittedFile } from "../emitted-tree.js";

/** What every emitter of a pack reads: the pack, where it came from, and the registry. */
export interface EmitContext {
  client: LoadedClientPack;
  pack: ClientPack;
  registry: Registry;
}

/** The share of one emitter (rules, skills, …) in a pack's emission. */
export interface PartEmission {
  files: EmittedFile[];
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
  ctx: EmitContext,
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
export function noPlace(ctx: EmitContext, place: string): string {
  return `${ctx.pack.name} has no ${place} (${place.replace(/ /g, "_")} is null in ${ctx.client.file})`;
}

/** The pack field of a place: "skills dir" → "/skills_dir". */
export function placeBasis(place: string): string {
  return `/${place.replace(/ /g, "_")}`;
}

/** What one client pack makes of the core: whole files, values inside shared files, and every loss said. */
export interface ClientEmission {
  files: EmittedFile[];
  composed: ComposedFile[];
  diagnostics: Diagnostic[];
  /** Every promise of the core as this client keeps it; "cannot" rows are also reported as AGC080. */
  capabilities: CapabilityRow[];
}
