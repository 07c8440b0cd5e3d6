import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type ImportGraph, importCycles, readImportGraph } from "../support/import-graph.js";
import { readStageTable, type StageRow } from "../support/stage-table.js";

const fix =
  "move the code, or (if the dependency is right) add the folder to the row in docs/architecture.md";

function crossFolderImports(
  graph: ImportGraph,
): { from: string; to: string; file: string; target: string }[] {
  return graph.edges
    .map((e) => ({ ...e, from: graph.folderOf(e.file), to: graph.folderOf(e.target) }))
    .filter((e) => e.from !== e.to);
}

describe("stage imports (docs/architecture.md)", () => {
  const rows = readStageTable();
  const graph = readImportGraph();
  const rowOf = new Map<string, StageRow>(rows.map((r) => [r.folder, r]));

  it("lists every folder of src/ once, and only folders that exist", () => {
    const listed = rows.map((r) => r.folder);
    assert.equal(new Set(listed).size, listed.length, `a folder is listed twice: ${listed.join(", ")}`);
    assert.deepEqual([...listed].sort(), [...graph.folders].sort());
  });

  it("lets each folder import only folders above it, so no stage reaches up and no cycle is possible", () => {
    const problems: string[] = [];
    rows.forEach((row, index) => {
      const above = new Set(rows.slice(0, index).map((r) => r.folder));
      for (const name of row.mayImport)
        if (!above.has(name)) problems.push(`${row.folder} may import ${name}, which is not above it`);
    });
    assert.deepEqual(problems, []);
  });

  it("has no import the table does not allow", () => {
    const problems = crossFolderImports(graph)
      .filter((e) => !rowOf.get(e.from)?.mayImport.includes(e.to))
      .map((e) => `src/${e.file} imports src/${e.target}: ${e.from} may not import ${e.to}; ${fix}`);
    assert.deepEqual(problems, []);
  });

  it("allows no import that nothing uses (the table says what the code does)", () => {
    const used = new Set(crossFolderImports(graph).map((e) => `${e.from} ${e.to}`));
    const unused = rows.flatMap((r) =>
      r.mayImport.filter((name) => !used.has(`${r.folder} ${name}`)).map((name) => `${r.folder} → ${name}`),
    );
    assert.deepEqual(unused, [], "remove these from the table's 'may import' column");
  });

  it("has no import cycle between files", () => {
    assert.deepEqual(importCycles(graph), []);
  });

  it("imports nothing outside src/ from src/, but the guard program it shares its secret-path rule with", () => {
    // assets/hooks/agentc-guard.mjs is shipped code (docs/guard.md): the compiler imports its rule instead of copying it
    const shared = "src/shared/secret-path-rule.ts imports ../../../assets/hooks/agentc-guard.mjs";
    assert.deepEqual(
      graph.outside.filter((line) => line !== shared),
      [],
    );
  });
});
