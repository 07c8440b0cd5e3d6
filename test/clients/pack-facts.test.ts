import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import type { ClientPack } from "../../src/clients/model.js";
import { factFor } from "../../src/packs/shared/pack-facts.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { testdir } from "../support/testdir.js";

/**
 * The facts of every built-in pack: each one sourced and dated, each pointing at fields the pack has, and
 * every cell of the matrix that a client does not enforce resting on one of them.
 */
const schema = JSON.parse(readFileSync(join(packageRoot, "schemas", "client-pack.schema.json"), "utf8")) as {
  properties: Record<string, unknown>;
  $defs: Record<string, { properties?: Record<string, unknown> }>;
};
const raw = (id: string) =>
  JSON.parse(readFileSync(join(packageRoot, "clients", `${id}.json`), "utf8")) as Record<string, unknown>;
const packs = builtinClientPacks().map((c) => c.pack);

/** Fields of an object of the pack the schema knows by name at a pointer's parent (top level or a section). */
function knownField(parent: string[], key: string): boolean {
  if (parent.length === 0) return key in schema.properties;
  const section = schema.$defs[parent[0] === "reads" ? "reads" : (parent[0] ?? "")]?.properties;
  return parent.length === 1 && section !== undefined && key in section;
}

/** A pointer names a value of the pack, or a field the schema knows that the pack leaves out (no permissions). */
function resolves(pack: Record<string, unknown>, pointer: string): boolean {
  const parts = pointer.split("/").slice(1);
  let at: unknown = pack;
  for (const [i, part] of parts.entries()) {
    if (at === null || typeof at !== "object" || !(part in at))
      return i === parts.length - 1 && knownField(parts.slice(0, i), part);
    at = (at as Record<string, unknown>)[part];
  }
  return true;
}

const places = [
  "/root_instruction_file",
  "/rules_dir",
  "/skills_dir",
  "/agents_dir",
  "/commands_dir",
  "/reads/instructions",
  "/reads/rules",
  "/reads/skills",
  "/reads/agents",
  "/reads/commands",
  "/reads/mcp",
];

describe("built-in packs: verified, read models and facts", () => {
  for (const pack of packs) {
    it(`${pack.client}: names the release it was checked against, with how`, () => {
      const verified = pack.verified;
      assert.ok(verified, "verified is set");
      assert.match(verified.date, /^\d{4}-\d{2}-\d{2}$/);
      if (verified.how !== "docs") {
        assert.ok(verified.version, "a CLI or source check names the version");
        assert.ok(verified.package, "and the npm package it came from");
      }
    });

    it(`${pack.client}: has a read model and a fact for every place it reads or writes`, () => {
      assert.ok(pack.reads, "reads is set");
      for (const place of places) assert.ok(factFor(pack, place), `${place} rests on a fact`);
    });

    it(`${pack.client}: every fact is sourced, dated and points at fields of the pack`, () => {
      const facts = Object.entries(pack.facts ?? {});
      assert.ok(facts.length >= 8, "one fact per section at least");
      for (const [id, fact] of facts) {
        assert.ok(fact.source.length > 0 && fact.verified.length === 10, id);
        for (const pointer of fact.for)
          assert.ok(resolves(raw(pack.client), pointer), `${id}: ${pointer} names a field`);
      }
    });
  }
});

/** The client fixture with one pack chosen, compiled in-process. */
async function rowsOf(pack: ClientPack) {
  const dir = testdir({}, "agentc-facts-");
  cpSync(join(packageRoot, "test", "fixtures", "client-registry"), dir, { recursive: true });
  const targets = JSON.parse(readFileSync(join(dir, "targets.json"), "utf8")) as object;
  writeFileSync(join(dir, "targets.json"), JSON.stringify({ ...targets, builtin_clients: [pack.client] }));
  const result = await compileRegistry(dir, { offline: true, cacheDir: testdir() });
  const matrix = result.tree?.files.find((f) => f.path === "CAPABILITIES.md")?.bytes.toString("utf8") ?? "";
  return { rows: (result.tree?.capabilities ?? []).filter((r) => r.client === pack.client), matrix };
}

describe("every cell a client does not enforce names the fact that makes it so", () => {
  for (const pack of packs) {
    describe(pack.client, async () => {
      const { rows, matrix } = await rowsOf(pack);
      const weak = rows.filter((r) => r.enforcement !== "enforced");
      for (const row of weak) {
        const fact = row.fact ? pack.facts?.[row.fact] : undefined;
        const title = fact ? ` — ${fact.claim} (${fact.source})` : "";
        it(`${row.enforcement}: ${row.promise}${title}`, () => {
          assert.ok(fact, `${row.basis} rests on a fact of clients/${pack.client}.json`);
          assert.ok(
            matrix.includes(`Source: ${fact.source} (checked ${fact.verified}`),
            "CAPABILITIES.md cites it",
          );
          if (fact.versions)
            assert.ok(matrix.includes(`holds for ${fact.versions}`), "and the versions it holds for");
        });
      }
      it("has cells to check", () => assert.ok(rows.length > 0));
    });
  }
});
