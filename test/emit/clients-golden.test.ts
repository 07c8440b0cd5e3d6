import assert from "node:assert/strict";
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { readTree, sorted, type Tree, updatingGoldens, writeTree } from "../support/golden-tree.js";
import { testdir } from "../support/testdir.js";

/**
 * One golden tree per built-in client pack: the fixture registry built with that pack alone. files/ holds
 * every file the pack writes; composed.json the values it owns inside shared files; capabilities.json
 * its capability rows; diagnostics.json what it reported (AGC080–AGC089, AGC150–AGC159). UPDATE_GOLDEN=1 rewrites.
 */
const fixtureDir = join(packageRoot, "test", "fixtures", "client-registry");
const goldenRoot = join(packageRoot, "test", "golden", "clients");
const clientsDir = join(packageRoot, "clients");

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The guard program is copied unchanged by every pack that wires it; the golden names it instead of repeating it. */
const guardSource = "assets/hooks/agentc-guard.mjs";
const guardBytes = readFileSync(join(packageRoot, guardSource));
const goldenText = (bytes: Buffer): string =>
  bytes.equals(guardBytes) ? `(the bytes of ${guardSource}, unchanged)\n` : bytes.toString("utf8");

/** The fixture registry copied to a temp folder, with only this built-in pack chosen. */
function registryFor(id: string): string {
  const dir = testdir({}, "agentc-clients-golden-");
  cpSync(fixtureDir, dir, { recursive: true });
  const targets = JSON.parse(readFileSync(join(dir, "targets.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(join(dir, "targets.json"), json({ ...targets, builtin_clients: [id] }));
  return dir;
}

async function packTree(id: string): Promise<Tree> {
  const result = await compileRegistry(registryFor(id), { offline: true, cacheDir: testdir() });
  assert.ok(result.tree, `${id}: the fixture loads`);
  const tree: Tree = new Map();
  for (const file of result.tree.files.filter((f) => f.client?.client === id))
    tree.set(`files/${file.path}`, goldenText(file.bytes));
  tree.set("composed.json", json(result.tree.composed.filter((c) => c.component === id)));
  tree.set("capabilities.json", json(result.tree.capabilities.filter((c) => c.client === id)));
  const own = result.diagnostics
    .filter((d) => /^AGC(08\d|15\d)$/.test(d.id))
    .map(({ id: check, severity, file, line, column, message }) => ({
      id: check,
      severity,
      file,
      line,
      column,
      message,
    }));
  tree.set("diagnostics.json", json(own));
  return tree;
}

const packIds = sorted(readdirSync(clientsDir).filter((n) => n.endsWith(".json"))).map((n) =>
  n.replace(/\.json$/, ""),
);

describe("built-in client packs × the client fixture registry", () => {
  it("has one golden tree per built-in pack, and none for a pack that is gone", () => {
    if (updatingGoldens) return;
    const goldens = existsSync(goldenRoot) ? sorted(readdirSync(goldenRoot)) : [];
    assert.deepEqual(
      goldens,
      packIds,
      "run UPDATE_GOLDEN=1 node --test dist/test/emit/clients-golden.test.js",
    );
  });

  for (const id of packIds) {
    it(`${id}: writes exactly the golden tree, byte for byte, on every run`, async () => {
      const actual = await packTree(id);
      const again = await packTree(id);
      assert.deepEqual([...again], [...actual], "two builds give the same bytes");
      const dir = join(goldenRoot, id);
      if (updatingGoldens) writeTree(dir, actual);
      const golden = readTree(dir);
      assert.deepEqual(sorted(actual.keys()), sorted(golden.keys()), `${id}: the same files`);
      for (const [path, text] of actual) assert.equal(text, golden.get(path), `${id}: ${path}`);
    });
  }
});
