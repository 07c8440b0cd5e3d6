import assert from "node:assert/strict";
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../src/diagnostics/fixture-base.js";
import { clientSessions } from "../../src/emit/session/installed-tree.js";
import { type CompileResult, compileRegistry } from "../../src/pipeline/compile.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { plainFixture } from "../support/plain-fixture.js";
import { testdir } from "../support/testdir.js";

const fixture = join(packageRoot, "test", "fixtures", "client-registry");
const builtinIds = readdirSync(join(packageRoot, "clients"))
  .filter((n) => n.endsWith(".json"))
  .map((n) => n.replace(/\.json$/, ""))
  .sort();

async function compile(dir: string): Promise<CompileResult> {
  return compileRegistry(dir, { offline: true, cacheDir: testdir() });
}

const ids = (result: CompileResult, prefix: string): Diagnostic[] =>
  result.diagnostics.filter((d) => d.id.startsWith(prefix));

/** The client fixture copied, with only the given built-in packs, optionally edited file by file. */
function fixtureWith(clients: string[], edit: (dir: string) => void = () => {}): string {
  const dir = testdir({}, "agentc-fidelity-");
  cpSync(fixture, dir, { recursive: true });
  const targets = JSON.parse(readFileSync(join(dir, "targets.json"), "utf8")) as object;
  writeFileSync(
    join(dir, "targets.json"),
    `${JSON.stringify({ ...targets, builtin_clients: clients }, null, 2)}\n`,
  );
  edit(dir);
  return dir;
}

describe("AGC090 counts what the client really loads", () => {
  /** A registry whose own adapter links CLAUDE.md to AGENTS.md, and an always-on core rule of `n` characters. */
  function linked(n: number, fallback: "import" | "copy"): string {
    const claudeLink = {
      id: "claude-link",
      output_dir: ".claude-link",
      global_placement: "none",
      scoped_layout: "none",
      scoped_fallback: "omit",
      install: {
        adapter_symlinks: [
          { link: "CLAUDE.md", target: "AGENTS.md", fallback, import_template: "@{target}" },
        ],
      },
    };
    const rule = `---\ndescription: Everything about style.\ntrigger: always_on\n---\n# Style\n${"s".repeat(n)}\n`;
    return testdir(
      withBase({
        "targets.json": targetsWith([agentsMdAdapter, claudeLink], { builtin_clients: ["claude-code"] }),
        "core/rules/style.md": rule,
      }),
    );
  }

  it("a CLAUDE.md link to AGENTS.md plus an always-on rule: AGENTS.md counts once, through the link", async () => {
    const result = await compile(linked(39_900, "copy"));
    const [over, ...more] = ids(result, "AGC090");
    assert.deepEqual(more, []);
    assert.ok(over, result.diagnostics.map((d) => d.message).join("\n"));
    assert.match(
      over.message,
      /^claude-code \(Claude Code\) loads (\d+) characters into every session, over its limit of 40000; biggest: \.claude\/rules\/style\.md \d+, CLAUDE\.md \(a link to AGENTS\.md\) \d+$/,
    );
    assert.equal(over.file, "core/rules/style.md");
  });

  it("counts the import the installer writes where links are refused, and the file it imports, once", async () => {
    const dir = linked(39_900, "import");
    const result = await compile(dir);
    assert.ok(result.registry && result.tree);
    const [fallback] = clientSessions(result.registry, result.tree.files, "fallback");
    assert.deepEqual(
      fallback?.texts.map((t) => `${t.path}:${t.via}`),
      ["CLAUDE.md:file", "AGENTS.md:import", ".claude/rules/style.md:rule"],
    );
  });

  it("stays silent below the limit", async () => {
    assert.deepEqual(ids(await compile(linked(1_000, "copy")), "AGC090"), []);
  });
});

describe("AGC151 and the rules a client reads through another client's folder", () => {
  it("shares a rule Copilot also reads in .claude/rules: its own copy is not written, its component owns Claude's", async () => {
    const result = await compile(fixtureWith(["claude-code", "github-copilot"], plainFixture));
    assert.deepEqual(ids(result, "AGC15"), []);
    const files = result.tree?.files ?? [];
    assert.equal(
      files.some((f) => f.path.startsWith(".github/instructions/")),
      false,
      "Copilot reads the same rules in .claude/rules",
    );
    const shared = files.filter((f) => f.path === ".claude/rules/testing.md").map((f) => f.component);
    assert.deepEqual(shared.sort(), ["claude-code", "github-copilot"]);
    const row = result.tree?.capabilities.find(
      (r) => r.client === "github-copilot" && r.promise.startsWith("rule testing "),
    );
    assert.equal(row?.enforcement, "enforced");
    assert.equal(
      row?.reason,
      "read from .claude/rules/testing.md, written for claude-code, with the same load condition",
    );
    const manual = result.tree?.capabilities.find(
      (r) => r.client === "github-copilot" && r.promise.startsWith("rule release "),
    );
    assert.equal(
      manual?.enforcement,
      "instruction",
      "Claude Code's copy of a manual rule loads in every session",
    );
    assert.match(manual?.reason ?? "", /loads in every session: stricter than promised$/);
    const matrix = files.find((f) => f.path === "CAPABILITIES.md")?.bytes.toString("utf8") ?? "";
    assert.match(
      matrix,
      /\| github-copilot \| rule testing \| \.claude\/rules\/testing\.md \| claude-code \|/,
    );
  });

  it("reports a rule whose two copies differ (runtime placeholders in its text), at the rule", async () => {
    const result = await compile(fixtureWith(["claude-code", "github-copilot"]));
    assert.deepEqual(
      ids(result, "AGC151").map((d) => [d.severity, d.file, d.message]),
      [
        [
          "error",
          "core/rules/conventions.md",
          "github-copilot (GitHub Copilot) loads rule conventions 2 times: .github/instructions/conventions.instructions.md, .claude/rules/conventions.md",
        ],
      ],
    );
  });

  it("reports an import Copilot expands where the installer replaces a link, not a copy", async () => {
    const geminiLink = (fallback: "import" | "copy") => ({
      id: "gemini-link",
      output_dir: ".gemini-link",
      global_placement: "none",
      scoped_layout: "none",
      scoped_fallback: "omit",
      install: {
        adapter_symlinks: [
          { link: "GEMINI.md", target: "AGENTS.md", fallback, import_template: "@{target}" },
        ],
      },
    });
    const registry = (fallback: "import" | "copy") =>
      testdir(
        withBase({
          "targets.json": targetsWith([agentsMdAdapter, geminiLink(fallback)], {
            builtin_clients: ["github-copilot"],
          }),
          "core/rules/style.md": "---\ndescription: Style.\ntrigger: always_on\n---\n# Style\nShort.\n",
        }),
      );
    const imported = ids(await compile(registry("import")), "AGC151");
    assert.deepEqual(
      imported.map((d) => d.message),
      [
        "github-copilot (GitHub Copilot) loads the text of AGENTS.md twice where the system refuses links (the installer writes a copy or an import instead): as AGENTS.md and as AGENTS.md (imported by GEMINI.md)",
      ],
    );
    assert.deepEqual(ids(await compile(registry("copy")), "AGC151"), []);
  });
});

/**
 * The plain fixture without the docs server's header variable either: Devin has no variable form at all
 * (AGC150), and the combinations are about what each client loads.
 */
function plainForEveryPack(dir: string): void {
  plainFixture(dir);
  const mcp = join(dir, "core", "mcp.json");
  const core = JSON.parse(readFileSync(mcp, "utf8")) as { servers: Record<string, Record<string, unknown>> };
  delete core.servers.docs?.headers;
  writeFileSync(mcp, `${JSON.stringify(core, null, 2)}\n`);
}

/**
 * The pairs of packs `offset` apart in the sorted list, wrapping around: offsets 1 to half the list are every
 * pair once, and each offset pairs every pack.
 */
function pairsAt(offset: number): string[][] {
  const n = builtinIds.length;
  const count = offset * 2 === n ? n / 2 : n;
  return Array.from({ length: count }, (_, i) => [builtinIds[i], builtinIds[(i + offset) % n]] as string[]);
}

/**
 * npm test builds every pack alone, all together, and the pairs at one offset: AGENTC_PACK_PAIRS=<offset> picks
 * it, otherwise it turns with the day (UTC), so that successive runs cover every pair; AGENTC_PACK_PAIRS=all
 * (`npm run test:pack-pairs`) builds every pair.
 */
function pairSelection(): { name: string; pairs: string[][] } {
  const offsets = Math.floor(builtinIds.length / 2);
  const chosen = process.env.AGENTC_PACK_PAIRS;
  if (chosen === "all") {
    const every = Array.from({ length: offsets }, (_, i) => pairsAt(i + 1)).flat();
    return { name: "every pair", pairs: every };
  }
  const offset = chosen ? Number(chosen) : 1 + (Math.floor(Date.now() / 86_400_000) % offsets);
  assert.ok(
    Number.isInteger(offset) && offset >= 1 && offset <= offsets,
    `AGENTC_PACK_PAIRS: 1 to ${offsets} or all`,
  );
  return { name: `the pairs at offset ${offset} (AGENTC_PACK_PAIRS=${offset})`, pairs: pairsAt(offset) };
}

describe("every built-in client pack alone, with another, and all together", () => {
  const selection = pairSelection();
  const combinations = [...builtinIds.map((id) => [id]), ...selection.pairs, builtinIds];

  it("the offsets 1 to half the packs, together, are every pair of packs once", () => {
    const offsets = Array.from({ length: Math.floor(builtinIds.length / 2) }, (_, i) => i + 1);
    const keys = offsets.flatMap((offset) => pairsAt(offset).map((pair) => [...pair].sort().join(" ")));
    assert.equal(keys.length, (builtinIds.length * (builtinIds.length - 1)) / 2);
    assert.equal(new Set(keys).size, keys.length);
  });

  it(`no client loads anything twice and each reads what was written for it (${combinations.length} combinations: ${selection.name})`, async () => {
    for (const clients of combinations) {
      const result = await compile(fixtureWith(clients, plainForEveryPack));
      const found = result.diagnostics.filter((d) => d.severity === "error");
      assert.deepEqual(
        found.map((d) => `${d.id} ${d.message}`),
        [],
        `builtin_clients ${clients.join(", ")}`,
      );
      assert.ok(result.registry && result.tree);
      for (const form of ["link", "fallback"] as const) {
        for (const load of clientSessions(result.registry, result.tree.files, form, result.tree.composed)) {
          const own = result.tree.files.filter(
            (f) => f.client?.client === load.client && f.client.kind === "skill",
          );
          const names = new Set(load.items.filter((i) => i.kind === "skill").map((i) => i.name));
          for (const file of own)
            assert.ok(
              names.has(file.client?.name ?? ""),
              `${load.client} lists skill ${file.client?.name} (${clients})`,
            );
        }
      }
    }
  });
});
