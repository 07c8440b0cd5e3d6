import type { RecordEntry } from "./record.js";

/** How apply placed a link: the link itself, or (where the OS refused it) the fallback it wrote. */
export type LinkOutcome =
  | { kind: "symlink" }
  | { kind: "copy" | "import"; sha256: string; executable: boolean }
  | { kind: "copy-folder"; files: CopiedFile[] };

/** A file of a folder copy, by its path inside the folder. */
export interface CopiedFile {
  rel: string;
  sha256: string;
  executable: boolean;
}

/** Every folder above the files (`a`, `a/b` for `a/b/c.md`), parents first. */
export function foldersOf(rels: readonly string[]): string[] {
  const out = new Set<string>();
  for (const rel of rels)
    for (let i = rel.indexOf("/"); i > 0; i = rel.indexOf("/", i + 1)) out.add(rel.slice(0, i));
  const depth = (p: string): number => p.split("/").length;
  return [...out].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The record entries of a planned link once placed: the link, a copy or import file, or, for a folder copy,
 * the folder (a `dir` entry naming the link text it stands in for), its sub-folders and a `copy` entry per file.
 */
export function placedEntries(planned: RecordEntry, outcome: LinkOutcome | undefined): RecordEntry[] {
  if (!outcome || outcome.kind === "symlink") return [planned];
  const { path, component } = planned;
  if (outcome.kind !== "copy-folder") {
    // the person's original agentc took over at the link's path stays recorded through the fallback
    const original = planned.original ? { original: planned.original } : {};
    return [{ ...fallbackFileEntry(path, component, outcome), ...original }];
  }
  const rels = outcome.files.map((f) => f.rel);
  return [
    { path, kind: "dir", component, ...(planned.target !== undefined ? { target: planned.target } : {}) },
    ...foldersOf(rels).map((dir) => ({ path: `${path}/${dir}`, kind: "dir" as const, component })),
    ...outcome.files.map((f) => fallbackFileEntry(`${path}/${f.rel}`, component, { kind: "copy", ...f })),
  ];
}

function fallbackFileEntry(
  path: string,
  component: string,
  written: { kind: "copy" | "import"; sha256: string; executable: boolean },
): RecordEntry {
  return {
    path,
    kind: written.kind,
    component,
    sha256: written.sha256,
    ...(written.executable ? { executable: true } : {}),
  };
}
