import { sortByRootCollation } from "../shared/root-collation.js";

/**
 * The build's files placed into the CycloneDX library's JSON of everything else, exactly where and in the
 * order the library puts them (in an English locale; in any locale here): its sort of some 2,000 file
 * components (a Component compare by locale per pair, a model object per file) took a sixth of a
 * 200-rule build. `sbom-files.test.ts` checks with fast-check that the result is the library's own JSON
 * for the whole input.
 */

/** One built file as the SBOM lists it. */
export interface SbomFile {
  path: string;
  sha256: string;
}

/** The parts of the library's SBOM JSON the files go into. */
export interface SbomDocument {
  metadata: { component: Record<string, unknown> };
  dependencies: { ref: string }[];
}

/** The bom-refs the SBOM gives the registry and its parts. */
export const rootRef = "registry";
export const fileRef = (path: string): string => `file:${path}`;

/**
 * Whether the files can be placed by hand: bom-refs all distinct (the library would rename a repeated
 * one) and every digest one the library keeps (64 lowercase hex digits).
 */
export function filesPlaceable(files: readonly SbomFile[], inputRefs: readonly string[]): boolean {
  return (
    new Set(inputRefs).size === inputRefs.length &&
    !inputRefs.includes(rootRef) &&
    new Set(files.map((f) => f.path)).size === files.length &&
    files.every((f) => /^[0-9a-f]{64}$/.test(f.sha256))
  );
}

/**
 * `document` (the library's JSON of the SBOM without files, sorted lists) with the files as the root
 * component's last key and in the dependency graph. `inputRefs` are the bom-refs of the top-level
 * components in the order they were added: the graph is sorted stably from the library's insertion
 * order (root, its components, then the others), which matters only where two refs compare equal.
 */
export function placeFiles(
  document: SbomDocument,
  files: readonly SbomFile[],
  inputRefs: readonly string[],
): void {
  if (files.length === 0) return;
  const keyed = files.map((file) => ({ file, ref: fileRef(file.path) }));
  // The library compares names after bom-refs, but "file:" + path refs that collate equal have equal names.
  document.metadata.component.components = sortByRootCollation(keyed, (k) => k.ref).map(({ file, ref }) => ({
    type: "file",
    name: file.path,
    "bom-ref": ref,
    hashes: [{ alg: "SHA-256", content: file.sha256 }],
  }));
  const others = new Map(document.dependencies.map((entry) => [entry.ref, entry]));
  const inOrder = [
    others.get(rootRef),
    ...files.map((file) => ({ ref: fileRef(file.path) })),
    ...inputRefs.map((ref) => others.get(ref)),
  ].filter((entry): entry is { ref: string } => entry !== undefined);
  document.dependencies = sortByRootCollation(inOrder, (entry) => entry.ref);
}
