import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { clientSessions } from "../../src/emit/session/installed-tree.js";
import { type CompileResult, compileRegistry } from "../../src/pipeline/compile.js";
import type { SessionLoad } from "../../src/session-load/index.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { plainFixture } from "../support/plain-fixture.js";
import { testdir } from "../support/testdir.js";

/**
 * Devin Local / Devin CLI reads the folders of other assistants (.windsurf/rules, .windsurf/skills,
 * .cursor/rules/*.md, CLAUDE.md, .claude/commands). The combinations a team chooses with it build with no
 * AGC151 (a text or item loaded twice) and no AGC152 (a file Devin would not find), and what Devin reads
 * through the other clients' files is what the read model says.
 */

const combinations = [
  ["devin"],
  ["devin", "windsurf"],
  ["devin", "cursor"],
  ["devin", "claude-code"],
  ["claude-code", "cursor", "devin", "windsurf"],
  [
    "claude-code",
    "cline",
    "codex",
    "cursor",
    "devin",
    "gemini-cli",
    "github-copilot",
    "junie",
    "kiro",
    "opencode",
    "windsurf",
  ],
];

/** The client fixture, plain for every pack (Devin has no variable form for an MCP header, AGC150). */
async function build(clients: string[]): Promise<CompileResult> {
  const dir = join(testdir({}, "agentc-devin-combo-"), "registry");
  cpSync(join(packageRoot, "test", "fixtures", "client-registry"), dir, { recursive: true });
  plainFixture(dir);
  const mcp = join(dir, "core", "mcp.json");
  const core = JSON.parse(readFileSync(mcp, "utf8")) as { servers: Record<string, Record<string, unknown>> };
  delete core.servers.docs?.headers;
  writeFileSync(mcp, `${JSON.stringify(core, null, 2)}\n`);
  const targets = join(dir, "targets.json");
  const parsed = JSON.parse(readFileSync(targets, "utf8")) as object;
  writeFileSync(targets, `${JSON.stringify({ ...parsed, builtin_clients: clients }, null, 2)}\n`);
  return compileRegistry(dir, { offline: true, cacheDir: testdir() });
}

function devinLoads(result: CompileResult): SessionLoad[] {
  const { registry, tree } = result;
  assert.ok(registry && tree);
  return (["link", "fallback"] as const).flatMap((form) =>
    clientSessions(registry, tree.files, form, tree.composed).filter((load) => load.client === "devin"),
  );
}

const items = (load: SessionLoad, kind: string) => load.items.filter((i) => i.kind === kind);

describe("Devin with the clients a team chooses beside it", () => {
  for (const clients of combinations) {
    it(`${clients.join(", ")}: no AGC151 or AGC152, and Devin finds its own files`, async () => {
      const result = await build(clients);
      const errors = result.diagnostics.filter((d) => d.severity === "error");
      assert.deepEqual(
        errors.map((d) => `${d.id} ${d.message}`),
        [],
      );
      for (const load of devinLoads(result)) {
        for (const skill of items(load, "skill")) {
          assert.match(
            skill.path,
            /^\.devin\/skills\//,
            `Devin takes skill ${skill.name} from its own folder`,
          );
          assert.deepEqual(skill.copies, []);
        }
        for (const agent of items(load, "agent"))
          assert.match(agent.path, /^\.devin\/agents\/[^/]+\/AGENT\.md$/);
        for (const rule of items(load, "rule")) assert.deepEqual(rule.copies, [], `rule ${rule.name} once`);
        assert.deepEqual(load.mcp, [".devin/config.json"]);
      }
    });
  }

  it("with windsurf, the .devin/rules files are one file per rule, the same bytes for both packs", async () => {
    const result = await build(["devin", "windsurf"]);
    assert.ok(result.tree);
    const rules = result.tree.files.filter((f) => f.path.startsWith(".devin/rules/"));
    const byPath = new Map<string, Buffer[]>();
    for (const f of rules) byPath.set(f.path, [...(byPath.get(f.path) ?? []), f.bytes]);
    assert.ok(byPath.size > 0);
    for (const [path, copies] of byPath) {
      assert.equal(copies.length, 2, `${path} is written for both packs`);
      assert.ok(copies[0]?.equals(copies[1] ?? Buffer.alloc(0)), `${path} has the same bytes for both`);
    }
    for (const load of devinLoads(result))
      for (const skill of items(load, "skill"))
        assert.deepEqual(
          skill.shadowed,
          [`.windsurf/skills/${skill.name}/SKILL.md`],
          "Cascade's copy is passed over",
        );
  });

  it("with claude-code, Devin lists the core commands through .claude/commands; alone it has none", async () => {
    const withClaude = devinLoads(await build(["claude-code", "devin"]));
    for (const load of withClaude)
      assert.deepEqual(
        items(load, "command").map((c) => c.path),
        [".claude/commands/changelog.md", ".claude/commands/mr-description.md"],
      );
    for (const load of devinLoads(await build(["devin"]))) assert.deepEqual(items(load, "command"), []);
  });
});
