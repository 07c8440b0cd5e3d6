import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { CapabilityRow } from "../packs/shared/capability.js";
import type { Registry } from "../registry/model.js";
import { emitAdapter } from "./adapters/emit-adapter.js";
import { emitCapabilities } from "./capabilities/emit-capabilities.js";
import { emitClientSkills } from "./capabilities/emit-client-skills.js";
import { emitClientPack } from "./clients/emit-client.js";
import type { EmittedTree } from "./emitted-tree.js";
import { capabilitiesFile } from "./matrix/capabilities-file.js";
import { placeNativeCopies } from "./native-copies.js";
import { type SharedRule, shareRules } from "./session/shared-rules.js";

/** Pure: the whole registry × every adapter → the emitted tree. */
export function emitRegistry(registry: Registry): { tree: EmittedTree; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const emitted = registry.adapters.flatMap(({ adapter }) => {
    const out = emitAdapter(adapter, registry);
    diagnostics.push(...out.diagnostics);
    return out.files;
  });
  let composed = [];
  const rows: CapabilityRow[] = [];
  for (const client of registry.clients) {
    const out = emitClientPack(client, registry);
    emitted.push(...out.files);
    composed.push(...out.composed);
    rows.push(...out.capabilities);
    diagnostics.push(...out.diagnostics);
  }
  const natives = placeNativeCopies(registry, emitted, composed);
  diagnostics.push(...natives.diagnostics);
  composed = natives.composed;
  emitted.splice(0, emitted.length, ...natives.files);
  emitted.push(...emitCapabilities(registry.capabilities));
  const clientSkills = emitClientSkills(registry);
  emitted.push(...clientSkills.files);
  diagnostics.push(...clientSkills.diagnostics);
  const { files, shared } = shareRules(registry, emitted);
  const capabilities = rows.map((row) => throughShared(row, shared));
  if (registry.clients.length > 0) files.push(capabilitiesFile(registry, files, composed, capabilities));
  return { tree: { files, composed, capabilities }, diagnostics };
}

/** A rule's row says where the client reads it when that is another component's file. */
function throughShared(row: CapabilityRow, shared: readonly SharedRule[]): CapabilityRow {
  if (row.kind !== "rule-load") return row;
  const rule = shared.find((s) => s.client === row.client && row.promise.startsWith(`rule ${s.name} `));
  if (!rule) return row;
  const through = `read from ${rule.path}, written for ${rule.writtenFor.join(", ")}`;
  if (rule.loadsOtherwise === undefined)
    return { ...row, reason: `${through}, with the same load condition` };
  if (rule.loadsOtherwise === "always")
    return {
      ...row,
      enforcement: "instruction",
      reason: `${through}, which this client loads in every session: stricter than promised`,
    };
  return {
    ...row,
    enforcement: "cannot",
    reason: `${through}, which this client loads for files matching ${rule.loadsOtherwise.join(", ")}`,
  };
}
