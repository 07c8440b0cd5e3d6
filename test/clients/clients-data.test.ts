import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { checkBuiltinClientPacks } from "../../src/clients/load-client-packs.js";
import type { ClientPack } from "../../src/clients/model.js";
import { packageRoot } from "../../src/shared/package-paths.js";

const clientsDir = join(packageRoot, "clients");
const files = readdirSync(clientsDir)
  .filter((n) => n.endsWith(".json"))
  .sort();

/** Every assistant issue 4 names, by pack id. */
const expectedClients = [
  "amp",
  "antigravity",
  "augment",
  "claude-code",
  "cline",
  "codex",
  "crush",
  "cursor",
  "devin",
  "droid",
  "gemini-cli",
  "github-copilot",
  "gitlab-duo",
  "goose",
  "junie",
  "kilo",
  "kiro",
  "opencode",
  "pi",
  "qwen-code",
  "roo-code",
  "windsurf",
  "zed",
];

/** Capability kinds a pack's notes may be keyed by (src/packs/shared/capability.ts PromiseKind). */
const noteKinds = [
  "rule-load",
  "skill-tools",
  "skill-deny",
  "skill-trigger",
  "agent-tools",
  "command",
  "permission",
  "hook",
  "guard",
  "mcp",
];

/** A docs entry is an https URL, or a pointer into the shared formats reference. */
export function badSource(entry: string): string | undefined {
  if (entry.startsWith("formats.md §")) return undefined;
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return `"${entry}" is neither a URL nor a formats.md reference`;
  }
  return url.protocol === "https:" ? undefined : `"${entry}" is not https`;
}

/** The capability kinds a pack cannot place at all, each of which needs a note saying why. */
function missingPlaces(pack: ClientPack): string[] {
  return [
    ...(pack.rules_dir === null ? ["rule-load"] : []),
    ...(pack.agents_dir === null ? ["agent-tools"] : []),
    ...(pack.commands_dir === null ? ["command"] : []),
    ...(pack.permissions ? [] : ["permission"]),
    ...(pack.hooks ? [] : ["hook", "guard"]),
    ...(pack.mcp ? [] : ["mcp"]),
  ];
}

describe("built-in client packs", () => {
  const { packs, diagnostics } = checkBuiltinClientPacks();

  it("all load without a diagnostic", () => {
    assert.deepEqual(
      diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`),
      [],
    );
  });

  it("are the ten assistants of issue 4, one file each, named after the client", () => {
    assert.deepEqual(
      packs.map((p) => p.pack.client),
      expectedClients,
    );
    assert.deepEqual(
      files,
      expectedClients.map((c) => `${c}.json`),
    );
  });

  it("use the rule adapter's id wherever a rule adapter exists for the assistant", () => {
    const adapterIds = new Set(
      readdirSync(join(packageRoot, "adapters")).map((n) => n.replace(/\.json$/, "")),
    );
    const shared = expectedClients.filter((c) => adapterIds.has(c));
    assert.deepEqual(shared, [
      "augment",
      "claude-code",
      "cline",
      "cursor",
      "gemini-cli",
      "github-copilot",
      "junie",
      "kiro",
      "qwen-code",
      "roo-code",
      "windsurf",
    ]);
  });

  for (const { pack, file } of packs) {
    describe(file, () => {
      it("lists its sources, every URL https", () => {
        assert.ok(pack.docs.length > 0, "docs is empty");
        assert.ok(
          pack.docs.some((d) => d.startsWith("https://")),
          "no https URL among the sources",
        );
        assert.deepEqual(
          pack.docs.map(badSource).filter((b) => b !== undefined),
          [],
        );
      });

      it("keys its notes by capability kind and explains every place it lacks", () => {
        const notes = pack.notes ?? {};
        assert.deepEqual(
          Object.keys(notes).filter((k) => !noteKinds.includes(k)),
          [],
          "unknown note keys",
        );
        for (const kind of missingPlaces(pack)) {
          assert.ok((notes[kind] ?? "").length > 20, `no note says why "${kind}" is missing`);
        }
      });

      it("points its $schema at the client-pack schema", () => {
        const raw = JSON.parse(readFileSync(join(clientsDir, `${pack.client}.json`), "utf8")) as {
          $schema?: string;
        };
        assert.equal(raw.$schema, "../schemas/client-pack.schema.json");
        assert.ok(existsSync(join(clientsDir, raw.$schema)));
      });
    });
  }
});

describe("badSource", () => {
  it("accepts https URLs and formats.md references", () => {
    assert.equal(badSource("https://kiro.dev/docs/steering/"), undefined);
    assert.equal(badSource("formats.md §9 (KIRO-docs)"), undefined);
  });

  it("names http URLs and free text", () => {
    assert.equal(badSource("http://example.com/docs"), '"http://example.com/docs" is not https');
    assert.equal(badSource("the Kiro docs"), '"the Kiro docs" is neither a URL nor a formats.md reference');
  });
});
