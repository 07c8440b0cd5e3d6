import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import ts from "typescript";
import { packageRoot } from "../../src/shared/package-paths.js";

/** The relative imports between the files of src/ (type-only imports included), as src-relative paths. */
export interface ImportGraph {
  files: string[];
  edges: { file: string; target: string }[];
  /** Top-level folders of src/, and its root files by name ("index.ts"). */
  folders: Set<string>;
  /** Imports that leave src/. */
  outside: string[];
  folderOf(path: string): string;
}

const srcDir = join(packageRoot, "src");

function sourceFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return sourceFiles(join(dir, entry.name), rel);
    return entry.name.endsWith(".ts") ? [rel] : [];
  });
}

function relativeImports(file: string): string[] {
  const text = readFileSync(join(srcDir, file), "utf8");
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map((f) => f.fileName).filter((name) => name.startsWith("."));
}

export function readImportGraph(): ImportGraph {
  const files = sourceFiles(srcDir).sort();
  const folderOf = (path: string): string => path.split("/")[0] ?? path;
  const edges: ImportGraph["edges"] = [];
  const outside: string[] = [];
  for (const file of files) {
    for (const spec of relativeImports(file)) {
      const target = posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.js$/, ".ts");
      if (target.startsWith("..")) outside.push(`src/${file} imports ${spec}`);
      else edges.push({ file, target });
    }
  }
  return { files, edges, folders: new Set(files.map(folderOf)), outside, folderOf };
}

/** Every import cycle between files, each as "a.ts → b.ts → a.ts" (one per strongly connected group). */
export function importCycles(graph: ImportGraph): string[] {
  const next = new Map<string, string[]>();
  for (const { file, target } of graph.edges) next.set(file, [...(next.get(file) ?? []), target]);
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const cycles: string[] = [];
  const visit = (file: string): void => {
    state.set(file, "open");
    path.push(file);
    for (const target of next.get(file) ?? []) {
      if (state.get(target) === "open")
        cycles.push([...path.slice(path.indexOf(target)), target].join(" → "));
      else if (!state.has(target)) visit(target);
    }
    path.pop();
    state.set(file, "done");
  };
  for (const file of graph.files) if (!state.has(file)) visit(file);
  return cycles;
}
