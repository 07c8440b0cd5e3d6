import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { testdir } from "../support/testdir.js";

/**
 * The test sources a scaffold reads, writes or compiles against: the test support its check's test imports, the
 * list of packs new:client extends, and the fixtures and golden trees its golden run reads and writes.
 */
const testSourcesKept = ["support", "fixtures", "golden", "clients/clients-data.test.ts"];

/** Whether `source` (a path in the package) is copied: not node_modules, .git or a cache, nor another test's source. */
function copied(source: string): boolean {
  if (/[\\/](node_modules|\.git)$/.test(source) || source.endsWith(".agentc-cache")) return false;
  const path = relative(packageRoot, source).split("\\").join("/");
  if (!path.startsWith("test/")) return true;
  const inTest = path.slice("test/".length);
  return testSourcesKept.some(
    (kept) => inTest === kept || inTest.startsWith(`${kept}/`) || kept.startsWith(`${inTest}/`),
  );
}

/**
 * The package copied as it is built (dist/ included, with every compiled test), its node_modules linked, for
 * scaffolds to write into. The other test files' sources are left out: no scaffold touches them, and the
 * tsc of new:check, which re-checks every file importing the check list, compiles half the files without them.
 */
function packageCopy(): string {
  const copy = testdir({}, "agentc-scaffold-");
  cpSync(packageRoot, copy, { recursive: true, filter: copied });
  symlinkSync(join(packageRoot, "node_modules"), join(copy, "node_modules"));
  keepBuildState(copy);
  return copy;
}

/**
 * tsc's incremental state (dist/.tsbuildinfo) names the files outside the package, node_modules' real
 * folder, relative to dist/; named from the copy's dist/ they are found again, so the scaffolds' builds in
 * the copy compile only what they changed, as in the package (a full build is about 30 s of CPU).
 */
function keepBuildState(copy: string): void {
  const file = join(copy, "dist", ".tsbuildinfo");
  const state = JSON.parse(readFileSync(file, "utf8")) as { fileNames: string[] };
  const from = join(packageRoot, "dist");
  state.fileNames = state.fileNames.map((name) => {
    const target = resolve(from, name);
    const inside = !relative(packageRoot, target).startsWith("..");
    return inside ? name : relative(join(copy, "dist"), target);
  });
  writeFileSync(file, JSON.stringify(state));
}

function run(copy: string, script: string, args: string[]) {
  const result = spawnSync(process.execPath, [join(copy, "dist", "scripts", script), ...args], {
    cwd: copy,
    encoding: "utf8",
  });
  return { ...result, status: result.status ?? -1 };
}

const read = (copy: string, path: string) => readFileSync(join(copy, path), "utf8");

/**
 * Each scaffold that succeeds compiles the copy (tsc) or runs a test in it: npm test runs one of each kind and the
 * refusals; AGENTC_SCAFFOLDS=full (`npm run test:scaffolds`) runs the other stages and the pack added to an
 * assistant that exists too.
 */
const everyScaffold = process.env.AGENTC_SCAFFOLDS === "full";
const beyondSlice = everyScaffold ? {} : { skip: "beyond npm test's slice: npm run test:scaffolds runs it" };

describe("the scaffolds (npm run new:check, npm run new:client), in a copy of the package", () => {
  const copy = packageCopy();

  it("new:check writes a registry check with the next id, registers it, and compiles it with its docs page", () => {
    const made = run(copy, "new-check.js", ["rules-name-a-owner", "--stage", "registry"]);
    assert.equal(made.status, 0, made.stdout + made.stderr);
    const id = /^(AGC\d{3}) rules-name-a-owner/.exec(made.stdout)?.[1];
    assert.ok(id, made.stdout);
    const check = read(copy, "src/checks/registry/rules-name-a-owner.ts");
    assert.match(check, new RegExp(`id: "${id}",\\n  slug: "rules-name-a-owner",\\n  stage: "registry"`));
    assert.match(check, /export const rulesNameAOwner: RegistryCheck = \{/);
    assert.match(
      read(copy, "src/checks/index.ts"),
      /import \{ rulesNameAOwner \} from "\.\/registry\/rules-name-a-owner\.js";/,
    );
    assert.match(read(copy, "src/checks/index.ts"), / {2}rulesNameAOwner,\n\];/);
    assert.match(read(copy, "test/checks/rules-name-a-owner.test.ts"), /checkTable\(rulesNameAOwner, \{/);
    assert.ok(
      existsSync(join(copy, "dist", "src", "checks", "registry", "rules-name-a-owner.js")),
      "compiled",
    );
    assert.match(read(copy, `docs/checks/${id}.md`), new RegExp(`^# ${id} rules-name-a-owner\\n`));
    assert.match(read(copy, "docs/checks/README.md"), new RegExp(`\\[${id}\\]\\(${id}\\.md\\)`));
  });

  it("new:check refuses a slug that exists or a stage it does not know", () => {
    const existing = run(copy, "new-check.js", ["rules-name-a-owner", "--stage", "registry"]);
    assert.equal(existing.status, 1, existing.stdout + existing.stderr);
    assert.match(existing.stderr, /a check with the slug rules-name-a-owner exists already/);
    const unknown = run(copy, "new-check.js", ["x-is-y", "--stage", "install"]);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /usage: npm run new:check/);
  });

  it("new:check puts a load check beside its loader, and refuses its slug a second time", beyondSlice, () => {
    const made = run(copy, "new-check.js", ["skill-names-fit", "--stage", "load", "--area", "core"]);
    assert.equal(made.status, 0, made.stdout + made.stderr);
    const check = read(copy, "src/core/checks/skill-names-fit.ts");
    assert.match(check, /skillNamesFit: InlineCheck = \{/);
    // its logic lives in its own file (test/architecture/checks-own-logic.test.ts): the loader reports what it returns
    assert.match(
      check,
      /export function skillNamesFitFinding\(value: unknown, position: Position\): Diagnostic \| undefined \{/,
    );
    assert.match(check, /return diagnostic\(skillNamesFit, \{ position, message: /);
    assert.equal(run(copy, "new-check.js", ["skill-names-fit", "--stage", "load"]).status, 1);
  });

  it("new:client writes a valid pack, its assistant, its docs section, its place in the data test and its golden tree", () => {
    const made = run(copy, "new-client.js", ["zed-editor", "--name", "Zed"]);
    assert.equal(made.status, 0, made.stdout + made.stderr);
    const pack = JSON.parse(read(copy, "clients/zed-editor.json")) as Record<string, unknown>;
    assert.equal(pack.client, "zed-editor");
    assert.equal(pack.$schema, "../schemas/client-pack.schema.json");
    assert.deepEqual(JSON.parse(read(copy, "assistants/zed-editor.json")), {
      $schema: "../schemas/assistant.schema.json",
      id: "zed-editor",
      name: "Zed",
      adapters: ["agents-md"],
      clients: ["zed-editor"],
    });
    const checked = run(copy, "check-package-data.js", []);
    assert.equal(checked.status, 0, `the new pack must load without a diagnostic: ${checked.stderr}`);
    assert.match(read(copy, "docs/clients.md"), /\n## Zed\n\n\| \| \|\n/);
    assert.match(read(copy, "test/clients/clients-data.test.ts"), /"zed",\n {2}"zed-editor",\n\];/);
    const golden = "test/golden/clients/zed-editor";
    for (const file of [
      "capabilities.json",
      "composed.json",
      "diagnostics.json",
      "files/.zed-editor/rules/testing.md",
    ])
      assert.ok(existsSync(join(copy, golden, file)), file);
    assert.equal(run(copy, "new-client.js", ["zed-editor"]).status, 1, "a pack that exists is refused");
  });

  it("new:client adds the pack to an assistant that exists without one", beyondSlice, () => {
    const made = run(copy, "new-client.js", ["warp", "--name", "Warp"]);
    assert.equal(made.status, 0, made.stdout + made.stderr);
    const assistant = JSON.parse(read(copy, "assistants/warp.json")) as {
      adapters: string[];
      clients: string[];
    };
    assert.deepEqual(assistant.adapters, ["agents-md", "warp"], "its adapters are kept");
    assert.deepEqual(assistant.clients, ["warp"]);
    assert.match(made.stdout, /the pack in the clients of assistants\/warp\.json/);
    const checked = run(copy, "check-package-data.js", []);
    assert.equal(checked.status, 0, checked.stderr);
  });
});
