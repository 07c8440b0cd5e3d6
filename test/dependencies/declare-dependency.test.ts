import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { declarationOf, withDependency } from "../../src/dependencies/declare-dependency.js";
import { AgentcError } from "../../src/shared/agentc-error.js";

const base = '{\n  "version": 1,\n  "sources": [{ "name": "team", "kind": "custom", "path": "rules" }]\n}\n';
const skills = declarationOf({ source: "https://git.example.org/tools/skills.git", path: "skills" });

describe("agentc add: the declaration it writes and where it puts it in sources.json", () => {
  it("names a dependency by its source and tells the kind from it", () => {
    assert.deepEqual(skills, {
      name: "skills",
      kind: "git",
      source: "https://git.example.org/tools/skills.git",
      path: "skills",
    });
    assert.deepEqual(declarationOf({ source: "npm:@acme/agent-skills" }), {
      name: "agent-skills",
      kind: "npm",
      source: "@acme/agent-skills",
    });
    assert.equal(declarationOf({ source: "oci://ghcr.io/acme/org:1", name: "org" }).kind, "registry");
    assert.throws(() => declarationOf({ source: "ext::sh -c touch% /tmp/x" }), AgentcError);
    assert.throws(() => declarationOf({ source: "http://example.org/skills.git" }), /cannot tell what kind/);
  });

  it("appends to the text, leaving every other byte as it was", () => {
    const added = withDependency(base, [], skills);
    assert.ok(added.startsWith(base.slice(0, base.lastIndexOf("]") + 1)), "the sources line is untouched");
    assert.deepEqual(JSON.parse(added).dependencies, [skills]);
    const again = withDependency(added, [skills], { ...skills, name: "more" });
    assert.ok(again.startsWith(added.slice(0, added.lastIndexOf("}\n  ]"))));
    assert.deepEqual(
      JSON.parse(again).dependencies.map((d: { name: string }) => d.name),
      ["skills", "more"],
    );
  });

  it("fills an empty dependencies list instead of adding a second key, and refuses a name taken", () => {
    const empty = base.replace('"version": 1,', '"version": 1,\n  "dependencies": [],');
    const filled = withDependency(empty, [], skills);
    assert.equal((filled.match(/"dependencies"/g) ?? []).length, 1);
    assert.deepEqual(JSON.parse(filled).dependencies, [skills]);
    assert.throws(
      () => withDependency(filled, [skills], skills),
      /already declares a dependency named "skills"/,
    );
  });
});
