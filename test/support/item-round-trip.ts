import fc from "fast-check";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import type { LoadedClientPack } from "../../src/clients/loaded-client-pack.js";
import type { Core, CoreMarkdown } from "../../src/core/model.js";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import type { EmitContext, PartEmission } from "../../src/emit/clients/emit-context.js";
import { emptyItems, type ImportedItems } from "../../src/import/model.js";
import { itemReadContext, type ReadContext } from "../../src/import/read-context.js";
import { ProjectReader } from "../../src/import/read-project/project-reader.js";
import type { Section } from "../../src/packs/section.js";
import type { Registry } from "../../src/registry/model.js";
import { testdir } from "./testdir.js";

/**
 * The built-in client packs that write a section's items (the pack names a folder and a format for them),
 * each shown by its id in a counterexample.
 */
export function packsWriting(test: (pack: LoadedClientPack["pack"]) => boolean): LoadedClientPack[] {
  return builtinClientPacks()
    .filter((client) => test(client.pack))
    .map((client) => ({ ...client, [fc.toStringMethod]: () => `pack ${client.pack.client}` }));
}

/** The parts of a core item every kind has, at a fixed place (the round trip compares values, not places). */
export function coreMarkdown(file: string, body: string): CoreMarkdown {
  return { file, body, bodyLine: 3, positionOf: () => ({ file, line: 1, column: 1 }) };
}

/** What one item's round trip gave: what the build wrote and reported, and what import read back. */
export interface RoundTrip {
  emitted: PartEmission;
  read: ImportedItems;
  readDiagnostics: Diagnostic[];
}

/**
 * Items through one pack and back, in-process: the section's emitter (`emit` where it is still in
 * emit/clients) writes them, the files go into a fresh folder, and the section's reader reads that folder
 * as import does.
 */
export function roundTrip(
  client: LoadedClientPack,
  section: Section,
  core: Partial<Core>,
  files: Map<string, Buffer> = new Map(),
  emit: ((ctx: EmitContext) => PartEmission) | undefined = section.items?.emit,
): RoundTrip {
  const registry = {
    core: { rules: [], skills: [], agents: [], commands: [], ...core },
    files,
  } as unknown as Registry;
  if (!emit) throw new Error(`section ${section.name} has no emitter`);
  const emitted = emit({ client, pack: client.pack, registry, linkedReaders: () => [] });
  const root = testdir(
    Object.fromEntries(emitted.files.map((file) => [file.path, file.bytes])),
    "agentc-packs-",
  );
  const ctx: ReadContext = {
    reader: new ProjectReader(root),
    items: emptyItems(),
    files: [],
    diagnostics: [],
    assistant: client.pack.name,
    seen: new Set(),
  };
  section.items?.read(itemReadContext(ctx), client.pack);
  return { emitted, read: ctx.items, readDiagnostics: ctx.diagnostics };
}
