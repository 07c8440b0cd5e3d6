import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { fromSha256 } from "../../src/registry/native-copies.js";
import { testdir } from "../support/testdir.js";

/**
 * sources.json `adapters`: a source with it is written by those adapters alone (docs/registry.md). agentc
 * import gives the text of an assistant's own rule folder such a source, and keeps the rest from it, so a
 * build writes each text only where an assistant read it before.
 */
const shared = "# Project\n\nUse pnpm.\n";
const logging = "# Logging\n\nUse the structured logger.\n";
const money = "# Money\n\nAmounts are integer cents.\n";

function registry(extra: Record<string, string> = {}, sources?: object[]): Record<string, string> {
  return {
    "sources.json": JSON.stringify({
      version: 1,
      sources: sources ?? [
        { name: "shared", kind: "custom", path: "sources/shared", adapters: ["agents-md", "continue"] },
        { name: "amazon", kind: "custom", path: "sources/amazon", adapters: ["amazon-q"] },
      ],
    }),
    "targets.json": JSON.stringify({
      version: 1,
      builtin_adapters: ["agents-md", "amazon-q", "continue"],
      builtin_clients: "none",
    }),
    "sources/shared/01-project.md": shared,
    "sources/amazon/01-logging.md": logging,
    "sources/amazon/02-money.md": money,
    ...extra,
  };
}

/** native.json tying project files to the registry files they became, hashed as the registry has them now. */
function nativeJson(files: Record<string, string>, copies: { path: string; from: string }[]): string {
  const hashed = Object.entries(files).map(([path, text]) => ({ path, bytes: Buffer.from(text) }));
  const entries = copies.map(({ path, from }) => ({
    path,
    component: "amazon-q",
    from: [from],
    from_sha256: fromSha256([from], hashed),
  }));
  return JSON.stringify({ version: 1, files: entries });
}

async function built(files: Record<string, string>): Promise<{ text: Map<string, string>; ids: string[] }> {
  const result = await compileRegistry(testdir(files), { offline: true, sbom: false });
  assert.ok(result.tree, JSON.stringify(result.diagnostics, null, 1));
  const text = new Map(result.tree.files.map((f) => [f.path, f.bytes.toString("utf8")]));
  return { text, ids: result.diagnostics.map((d) => `${d.id} ${d.message}`) };
}

describe("a source's adapters: only those adapters write its rules", () => {
  it("each adapter writes the rules of the sources it is named in, and those of sources naming none", async () => {
    const { text } = await built(registry());
    assert.equal(text.get("AGENTS.md"), shared);
    assert.equal(
      text.get(".continue/rules/00-always-on.md"),
      `---\nname: 00-always-on\nalwaysApply: true\n---\n${shared}`,
    );
    assert.equal(text.get(".amazonq/rules/00-always-on.md"), `${logging}\n${money}`);
    // without adapters, every adapter writes the source
    const all = await built(
      registry({}, [
        { name: "shared", kind: "custom", path: "sources/shared" },
        { name: "amazon", kind: "custom", path: "sources/amazon", adapters: ["amazon-q"] },
      ]),
    );
    assert.equal(all.text.get(".amazonq/rules/00-always-on.md"), `${shared}\n${logging}\n${money}`);
    assert.equal(all.text.get("AGENTS.md"), shared);
  });

  it("a scoped rule of a source is written by its adapters only", async () => {
    const scoped =
      "---\nscope: scoped\nglobs: ['src/**/*.ts']\ndescription: TypeScript style.\n---\n# TS\n\nUse strict mode.\n";
    const { text, ids } = await built(registry({ "sources/shared/scoped/ts.md": scoped }));
    assert.ok(text.has(".continue/rules/ts.md"));
    assert.ok(!(text.get(".amazonq/rules/00-always-on.md") ?? "").includes("Use strict mode."));
    // amazon-q is not told it loses the scope of a rule it never writes
    assert.deepEqual(
      ids.filter((id) => id.includes("amazon-q") && id.includes('"ts"')),
      [],
    );
  });

  it("the checks of a rule's adapters ask only about the adapters that write it", async () => {
    const scoped = "---\nscope: scoped\nglobs: ['src/**/*.ts']\n---\n# TS\n\nUse strict mode.\n";
    const only = (adapters: string[]) =>
      built(
        registry({ "sources/ts/ts.md": scoped }, [
          { name: "shared", kind: "custom", path: "sources/shared" },
          { name: "ts", kind: "custom", path: "sources/ts", adapters },
        ]),
      );
    // Continue writes a scoped rule through a template with {description}: AGC031 names it
    assert.ok(
      (await only(["continue"])).ids.some((id) => id.startsWith("AGC031") && id.includes("continue")),
    );
    const agentsOnly = await only(["agents-md"]);
    assert.deepEqual(
      agentsOnly.ids.filter((id) => id.startsWith("AGC031")),
      [],
    );
    assert.ok(agentsOnly.ids.some((id) => id.startsWith("AGC039")));
  });

  it("no rule left for an adapter: its always-on file is not written", async () => {
    const { text } = await built(
      registry({}, [{ name: "shared", kind: "custom", path: "sources/shared", adapters: ["agents-md"] }]),
    );
    assert.deepEqual(
      [...text.keys()].filter((p) => p.startsWith(".amazonq/") || p.startsWith(".continue/")),
      [],
    );
  });
});

describe("a pinned module's own folder: the rules of a native copy are written at its path", () => {
  const base = registry();
  const copies = [
    { path: ".amazonq/rules/logging.md", from: "sources/amazon/01-logging.md" },
    { path: ".amazonq/rules/money.md", from: "sources/amazon/02-money.md" },
  ];
  const withCopies = (files: Record<string, string>, projectLogging = logging) => ({
    ...files,
    "native.json": nativeJson(base, copies),
    "native/.amazonq/rules/logging.md": projectLogging,
    "native/.amazonq/rules/money.md": money,
  });

  it("unchanged: each file is written back as the project had it, and no pinned module", async () => {
    const { text, ids } = await built(withCopies(base, `${logging}\n`));
    assert.equal(text.get(".amazonq/rules/logging.md"), `${logging}\n`, "the copy's own bytes");
    assert.equal(text.get(".amazonq/rules/money.md"), money);
    assert.ok(!text.has(".amazonq/rules/00-always-on.md"));
    assert.deepEqual(
      ids.filter((id) => id.startsWith("AGC190")),
      [],
    );
  });

  it("edited: the rule's own form is written where the project has it, the others stay copies", async () => {
    const edited = { ...base, "sources/amazon/01-logging.md": `${logging}\n- Never log secrets.\n` };
    const { text, ids } = await built(withCopies(edited, `${logging}\n`));
    assert.equal(text.get(".amazonq/rules/logging.md"), `${logging}\n- Never log secrets.\n`);
    assert.equal(text.get(".amazonq/rules/money.md"), money);
    assert.ok(!text.has(".amazonq/rules/00-always-on.md"));
    assert.ok(
      ids.some(
        (id) =>
          id.startsWith("AGC190") && id.includes("at .amazonq/rules/logging.md, where the project has it"),
      ),
      ids.join("\n"),
    );
  });

  it("a rule added to the source since: the pinned module carries it, and only it", async () => {
    const added = { ...base, "sources/amazon/03-tests.md": "# Tests\n\nRun pytest.\n" };
    const { text } = await built(withCopies(added));
    assert.equal(text.get(".amazonq/rules/00-always-on.md"), "# Tests\n\nRun pytest.\n");
    assert.equal(text.get(".amazonq/rules/logging.md"), logging);
  });
});
