import type { FileMapping } from "../../clients/model.js";
import { copiedBytes, ownedFile } from "../../packs/shared/items/owned-file.js";
import { packPath } from "../../packs/shared/placeholders.js";
import { joinPath } from "../../shared/posix-path.js";
import { type EmitContext, emptyPart, type PartEmission } from "./emit-context.js";

/**
 * shared_core: registry files the pack owns in the project (replaced on every update); the one at
 * root_instruction_file is the root file. shared_seed: written once, then the project's (seeds).
 */
export function emitSharedFiles(ctx: EmitContext): PartEmission {
  const out = emptyPart();
  const root = ctx.pack.root_instruction_file;
  const rootPath = root === null ? undefined : packPath(root, ctx.pack.runtime_placeholders);
  for (const mapping of ctx.pack.shared_core) {
    for (const { source, path, bytes } of mappedFiles(ctx, mapping)) {
      const isRoot = path === rootPath;
      const origin = { kind: isRoot ? ("root" as const) : ("shared-core" as const), alwaysLoaded: isRoot };
      const text = isRoot ? withImports(ctx, bytes) : bytes;
      out.files.push({ ...ownedFile(ctx, path, text, origin), source });
    }
  }
  for (const mapping of ctx.pack.shared_seed) {
    for (const { source, path, bytes } of mappedFiles(ctx, mapping)) {
      const file = ownedFile(ctx, path, bytes, { kind: "shared-seed", alwaysLoaded: false });
      out.files.push({ ...file, role: "seed", source });
    }
  }
  return out;
}

/**
 * root_instruction_imports as lines after the root file's text, each in the pack's first import form
 * ("@<path>"); validation makes sure the pack has one when it lists imports.
 */
function withImports(ctx: EmitContext, bytes: Buffer): Buffer {
  const imports = ctx.pack.root_instruction_imports ?? [];
  const form = ctx.pack.instruction_imports?.[0]?.form;
  if (imports.length === 0 || !form) return bytes;
  const lines = imports.map((path) => form.replace("<path>", packPath(path, ctx.pack.runtime_placeholders)));
  const text = bytes.toString("utf8").replace(/\n*$/, "");
  return Buffer.from(`${text}${text === "" ? "" : "\n\n"}${lines.join("\n")}\n`);
}

/** The registry files of a mapping (a file, or every file below a folder) with their project paths. */
function mappedFiles(
  ctx: EmitContext,
  mapping: FileMapping,
): { source: string; path: string; bytes: Buffer }[] {
  const src = mapping.src.replace(/\/+$/, "");
  const dst = packPath(mapping.dst, ctx.pack.runtime_placeholders);
  const single = ctx.registry.files.get(src);
  if (single) return [{ source: src, path: dst, bytes: copiedBytes(ctx, single) }];
  const prefix = `${src}/`;
  return [...ctx.registry.files.entries()]
    .filter(([path]) => path.startsWith(prefix))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, bytes]) => ({
      source: path,
      path: joinPath(dst, path.slice(prefix.length)),
      bytes: copiedBytes(ctx, bytes),
    }));
}
