import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { UserScope } from "../../src/clients/model.js";
import { type LoadedBundle, loadBundle } from "../../src/install/bundle/local-bundle.js";
import { readManifest } from "../../src/install/bundle/read-manifest.js";
import { userBundle } from "../../src/install/user-scope/user-bundle.js";
import { unlocatedLine } from "../../src/manifest/manifest-line.js";
import { sha256 } from "../../src/shared/hash.js";
import { makeBundle } from "../support/install-fixture.js";

const rules = "# Rules\n";
const spec = {
  components: {
    "agents-md": { files: { "AGENTS.md": rules } },
    alpha: {
      files: { ".alpha/skills/s/SKILL.md": "s\n", ".alpha/mcp.json": "{}\n" },
      adopt: [".alpha/MEMORY.md :: import:@../AGENTS.md :: .alpha/MEMORY.md"],
    },
    beta: { files: { ".beta/agents/a.md": "a\n" }, symlinks: ["BETA.md :: AGENTS.md :: copy"] },
  },
};

const layouts = new Map<string, UserScope>([
  [
    "alpha",
    {
      paths: [
        { project: ".alpha/MEMORY.md", user: ".alpha/MEMORY.md" },
        { project: "AGENTS.md", user: ".alpha/AGENTS.md", shared: true },
        { project: ".alpha/skills/", user: ".alpha/skills/" },
      ],
    },
  ],
  [
    "beta",
    {
      paths: [
        { project: "BETA.md", user: ".beta/BETA.md" },
        { project: "AGENTS.md", user: ".beta/AGENTS.md", shared: true },
        { project: ".beta/", user: ".config/beta/" },
      ],
    },
  ],
]);

function loaded(): Extract<LoadedBundle, { ok: true }> {
  const dir = makeBundle(spec);
  const read = readManifest(dir);
  assert.ok(read.ok);
  const bundle = loadBundle(dir, read.manifest, ["agents-md", "alpha", "beta"], unlocatedLine);
  assert.ok(bundle.ok, JSON.stringify(bundle));
  return bundle;
}

describe("a bundle mapped to the user layout", () => {
  it("places each path where its client's data says, a shared file once per client, and names the rest", () => {
    const mapped = userBundle(loaded(), layouts, ".config/agentc");
    assert.ok(mapped.ok, JSON.stringify(mapped));
    const files = mapped.desired.files.map((f) => `${f.component} ${f.path}`).sort();
    assert.deepEqual(files, [
      "alpha .alpha/AGENTS.md",
      "alpha .alpha/skills/s/SKILL.md",
      "beta .beta/AGENTS.md",
      "beta .config/beta/agents/a.md",
    ]);
    assert.deepEqual(mapped.notes, [
      "alpha: not at user level (no client reads it in your home folder): .alpha/mcp.json",
    ]);
    assert.deepEqual(
      mapped.desired.links.map((l) => [l.path, l.target, l.component]),
      [[".beta/BETA.md", ".beta/AGENTS.md", "beta"]],
    );
  });

  it("names an import's file relative to its new place", () => {
    const mapped = userBundle(loaded(), layouts, ".config/agentc");
    assert.ok(mapped.ok);
    const [adopt] = mapped.desired.adopt;
    assert.equal(adopt?.path, ".alpha/MEMORY.md");
    assert.deepEqual(adopt?.how, { kind: "import", text: "@AGENTS.md", when: [".alpha/MEMORY.md"] });
    assert.equal(adopt?.body, "@AGENTS.md\n");
  });

  it("reads and checks the bundle's bytes under their own paths", () => {
    const mapped = userBundle(loaded(), layouts, ".config/agentc");
    assert.ok(mapped.ok);
    const content = { from: "bundle" as const, path: ".beta/AGENTS.md", sha256: sha256(rules) };
    assert.deepEqual(mapped.verify([content]), []);
    assert.equal(mapped.bytesOf(content).toString(), rules);
    const fresh = userBundle(loaded(), layouts, ".config/agentc");
    assert.ok(fresh.ok);
    const wrong = { ...content, sha256: sha256("other\n") };
    assert.match(fresh.verify([wrong]).join("\n"), /^AGENTS\.md: the bundle's file does not match its hash/);
  });

  it("refuses data that would place a file in agentc's own folder, and two files at one path", () => {
    const intoRecord = new Map<string, UserScope>([
      ["alpha", { paths: [{ project: ".alpha/skills/", user: ".config/agentc/user/" }] }],
    ]);
    const refused = userBundle(loaded(), intoRecord, ".config/agentc");
    assert.equal(refused.ok, false);
    assert.match(JSON.stringify(refused), /lies in \.config\/agentc\/, agentc's own folder/);
    const clash = new Map<string, UserScope>([
      ["alpha", { paths: [{ project: ".alpha/skills/s/SKILL.md", user: "same.md" }] }],
      ["beta", { paths: [{ project: ".beta/agents/a.md", user: "same.md" }] }],
    ]);
    const twice = userBundle(loaded(), clash, ".config/agentc");
    assert.equal(twice.ok, false, "two different files at one path: neither is dropped silently");
    assert.match(JSON.stringify(twice), /same\.md/);
  });
});
