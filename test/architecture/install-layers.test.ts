import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { readImportGraph } from "../support/import-graph.js";
import { installHeading, readStageTable } from "../support/stage-table.js";

const fix =
  "move the code, or (if the dependency is right) add the folder to its row under 'Inside `install/`' in docs/architecture.md";
const ownFiles = "*.ts";

/** The folder of `install/` a src-relative path lies in ("*.ts" for install/'s own files), or undefined outside. */
function installFolder(path: string): string | undefined {
  const parts = path.split("/");
  if (parts[0] !== "install") return undefined;
  return parts.length > 2 ? parts[1] : ownFiles;
}

describe("the installer's folders (docs/architecture.md, 'Inside install/')", () => {
  const rows = readStageTable(undefined, installHeading);
  const graph = readImportGraph();
  const crossings = graph.edges
    .map((e) => ({ ...e, from: installFolder(e.file), to: installFolder(e.target) }))
    .filter((e) => e.from !== undefined && e.to !== undefined && e.from !== e.to);

  it("lists every folder of src/install once, and its own files as '*.ts'", () => {
    const present = new Set(graph.files.map(installFolder).filter((f) => f !== undefined));
    assert.deepEqual(rows.map((r) => r.folder).sort(), [...present].sort());
  });

  it("lets each folder import only folders above it", () => {
    const problems = rows.flatMap((row, index) => {
      const above = new Set(rows.slice(0, index).map((r) => r.folder));
      return row.mayImport.filter((name) => !above.has(name)).map((name) => `${row.folder} → ${name}`);
    });
    assert.deepEqual(problems, []);
  });

  it("has no import the table does not allow", () => {
    const allowed = new Map(rows.map((r) => [r.folder, new Set(r.mayImport)]));
    const problems = crossings
      .filter((e) => !allowed.get(e.from ?? "")?.has(e.to ?? ""))
      .map((e) => `src/${e.file} imports src/${e.target}: ${e.from} may not import ${e.to}; ${fix}`);
    assert.deepEqual(problems, []);
  });

  it("allows no import that nothing uses", () => {
    const used = new Set(crossings.map((e) => `${e.from} ${e.to}`));
    const unused = rows.flatMap((r) =>
      r.mayImport.filter((name) => !used.has(`${r.folder} ${name}`)).map((name) => `${r.folder} → ${name}`),
    );
    assert.deepEqual(unused, [], "remove these from the table's 'may import' column");
  });

  it("decodes manifest lines only in src/manifest/, over the codec in src/shared/line-codec.ts", () => {
    const ownDecoders: Record<string, string> = {
      "packaging/publish-rewrites.ts":
        "publish_rewrites lines, read by the check that refuses bad ones, below the manifest stage",
      "output/site-record.ts": "the site record's own lines, written and read there",
    };
    const decoding = /\b(splitLine|lineParts|splitAtLast)\(|\.(split|indexOf)\(pairSeparator\)/;
    const decoders = graph.files
      .filter(
        (file) => !file.startsWith("manifest/") && !file.startsWith("shared/") && !(file in ownDecoders),
      )
      .filter((file) => decoding.test(readFileSync(join(packageRoot, "src", file), "utf8")));
    assert.deepEqual(
      decoders,
      [],
      "decode the line in src/manifest/manifest-lines.ts and import it from there",
    );
  });

  it("is reached from outside only through install/index.ts", () => {
    const reachingIn = graph.edges
      .filter((e) => installFolder(e.file) === undefined && installFolder(e.target) !== undefined)
      .filter((e) => e.target !== "install/index.ts")
      .map((e) => `src/${e.file} imports src/${e.target}: import it from src/install/index.ts`);
    assert.deepEqual(reachingIn, []);
  });
});
