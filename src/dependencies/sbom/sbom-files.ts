import { rootCollationFor, sortByRootCollation } from "../../shared/paths/root-collation.js";

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
    files.every((f) => sha256Hex.test(f.sha256))
  );
}

const sha256Hex = /^[0-9a-f]{64}$/;

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
  const placed = placedFiles(document, files, inputRefs);
  document.metadata.component.components = placed.files.map(({ file, ref }) => ({
    type: "file",
    name: file.path,
    "bom-ref": ref,
    hashes: [{ alg: "SHA-256", content: file.sha256 }],
  }));
  document.dependencies = placed.dependencies;
}

/**
 * Where placeFiles puts the files (not empty): the files sorted with their bom-refs, and the dependency
 * graph that replaces the document's.
 */
export function placedFiles(
  document: SbomDocument,
  files: readonly SbomFile[],
  inputRefs: readonly string[],
): { files: { file: SbomFile; ref: string }[]; dependencies: { ref: string }[] } {
  const keyed = files.map((file) => ({ file, ref: fileRef(file.path) }));
  // The library compares names after bom-refs, but "file:" + path refs that collate equal have equal names.
  const sorted = sortByRootCollation(keyed, (k) => k.ref);
  const others = new Map(document.dependencies.map((entry) => [entry.ref, entry]));
  const root = others.get(rootRef);
  const inputs = inputRefs.flatMap((ref) => others.get(ref) ?? []);
  const dependencies = mergeIntoFiles(
    sorted.map(({ ref }) => ({ ref })),
    root ? [root, ...inputs] : inputs,
    root,
  );
  return { files: sorted, dependencies };
}

/**
 * The graph sorted stably from [root, ...files, ...inputs], with the files already sorted: the other
 * entries sorted and merged in, the root before files that collate equal to it and the inputs after
 * them, as a stable sort of that list would place them (the files are not sorted a second time).
 */
function mergeIntoFiles(
  files: readonly { ref: string }[],
  others: readonly { ref: string }[],
  root: { ref: string } | undefined,
): { ref: string }[] {
  const compare = rootCollationFor([...files, ...others].map((entry) => entry.ref));
  const sortedOthers = [...others].sort((a, b) => compare(a.ref, b.ref));
  const merged: { ref: string }[] = [];
  let f = 0;
  for (const other of sortedOthers) {
    while (f < files.length) {
      const order = compare(other.ref, (files[f] as { ref: string }).ref);
      if (order < 0 || (order === 0 && other === root)) break;
      merged.push(files[f++] as { ref: string });
    }
    merged.push(other);
  }
  while (f < files.length) merged.push(files[f++] as { ref: string });
  return merged;
}
