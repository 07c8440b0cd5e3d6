import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import type { AgentFrontmatter } from "../../src/clients/model.js";
import type { Fixture } from "../../src/diagnostics/check-meta.js";
import { examplePack } from "../../src/diagnostics/client-fixture.js";
import { coreMarkdown, json } from "../../src/diagnostics/core-fixtures.js";
import { withExamplePack } from "../../src/diagnostics/pack-fixtures.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { testdir } from "../support/testdir.js";

/** The agent frontmatter of a built-in pack, as data for the example pack. */
function builtinAgentFrontmatter(id: string): AgentFrontmatter {
  const pack = JSON.parse(readFileSync(join(packageRoot, "clients", `${id}.json`), "utf8")) as {
    agent_frontmatter: AgentFrontmatter;
  };
  return pack.agent_frontmatter;
}

const guarded = coreMarkdown(
  [
    "name: guarded",
    "description: Works on the code, carefully.",
    "tools: [read, grep, glob, edit, exec, fetch]",
    "permissions:",
    "  deny: [Exec(git push), Edit(secrets/**), Fetch(example.com)]",
    "  ask: [Mcp(issues/create_issue)]",
    "  allow: [Exec(npm test), Skill(release)]",
  ],
  ["Work carefully."],
);

function registry(agentFrontmatter: object, extra: object = {}): Fixture {
  const pack = {
    ...examplePack,
    agents_dir: ".example/agents",
    agent_frontmatter: agentFrontmatter,
    ...extra,
  };
  return withExamplePack({ "agents/guarded.md": guarded }, pack);
}

async function agentFile(files: Fixture) {
  const result = await compileRegistry(testdir(files));
  const file = result.tree?.files.find((f) => f.path === ".example/agents/guarded.md");
  assert.ok(file, "the agent is written");
  const text = file.bytes.toString("utf8");
  const frontmatter = parse(text.split("---\n")[1] ?? "") as Record<string, unknown>;
  assert.ok(result.tree, JSON.stringify(result.diagnostics));
  const rows = result.tree.capabilities.filter((r) => r.kind === "agent-tools");
  return { text, frontmatter, rows, diagnostics: result.diagnostics };
}

describe("agent permissions in the frontmatter (agent_frontmatter.permissions)", () => {
  it("Kiro's rule objects: one {capability, effect, match} per tool and level, bare commands beside their suffix form", async () => {
    const { frontmatter, rows } = await agentFile(registry(builtinAgentFrontmatter("kiro")));
    assert.deepEqual(frontmatter.permissions, [
      { capability: "shell", effect: "deny", match: ["git push", "git push *"] },
      { capability: "fs_write", effect: "deny", match: ["secrets/**"] },
      { capability: "mcp", effect: "ask", match: ["issues/create_issue"] },
      { capability: "shell", effect: "allow", match: ["npm test", "npm test *"] },
    ]);
    const cannot = rows.filter((r) => r.enforcement === "cannot").map((r) => r.promise);
    assert.deepEqual(cannot, [
      "agent guarded may not use Fetch(example.com)",
      "agent guarded may use Skill(release) without asking",
    ]);
    for (const row of rows.filter((r) => r.enforcement === "cannot"))
      assert.equal(row.basis, "/agent_frontmatter/permissions");
  });

  it("Kiro: an MCP server rule is the argument of the mcp capability, a coarse rule has no match", async () => {
    const agent = coreMarkdown(
      ["name: guarded", "description: D.", "permissions:", "  deny: [mcp, Mcp(docs)]"],
      ["B."],
    );
    const files = {
      ...registry(builtinAgentFrontmatter("kiro")),
      "core/agents/guarded.md": agent,
    };
    const { frontmatter } = await agentFile(files);
    assert.deepEqual(frontmatter.permissions, [
      { capability: "mcp", effect: "deny" },
      { capability: "mcp", effect: "deny", match: ["docs/*"] },
    ]);
  });

  it("a rule-list form (allow/deny/ask lists of Tool(argument) strings) is pure data too", async () => {
    const lists = {
      format: "markdown",
      extension: ".md",
      fields: { name: "name", description: "description" },
      tools_field: null,
      tools_format: "list",
      tool_names: {},
      permissions: {
        field: "permissions",
        rule_form: {
          rule_shape: "lists",
          levels: { deny: "deny", ask: "ask", allow: "allow" },
          permission_tools: { edit: ["Edit"], exec: ["Bash"], fetch: ["WebFetch"] },
          permission_path_tools: ["Edit"],
          permission_name_tools: [],
          permission_tools_bare: [],
          permission_path_prefix: "",
          permission_exec_match: "prefix",
          permission_exec_suffix: " *",
          permission_domain_form: "domain:{domain}",
        },
      },
      documented_fields: ["name", "description", "permissions"],
    };
    const { frontmatter } = await agentFile(registry(lists));
    assert.deepEqual(frontmatter.permissions, {
      deny: ["Bash(git push *)", "Edit(secrets/**)", "WebFetch(domain:example.com)"],
      allow: ["Bash(npm test *)"],
    });
  });

  it("Devin: an agent's permissions are {allow, deny, ask} lists in the pack's Read/Write/Exec forms", async () => {
    const devin = JSON.parse(readFileSync(join(packageRoot, "clients", "devin.json"), "utf8")) as {
      permissions: object;
    };
    const files = {
      ...registry(
        { ...builtinAgentFrontmatter("devin"), extension: ".md" },
        { permissions: { ...devin.permissions, file: ".example/config.json" } },
      ),
    };
    const { frontmatter, rows } = await agentFile(files);
    assert.deepEqual(frontmatter.permissions, {
      allow: ["Exec(npm test)"],
      deny: ["Exec(git push)", "Write(secrets/**)"],
      ask: ["mcp__issues__create_issue"],
    });
    const cannot = rows.filter((r) => r.enforcement === "cannot").map((r) => r.promise);
    assert.ok(cannot.includes("agent guarded may not use Fetch(example.com)"), JSON.stringify(cannot));
    assert.ok(!cannot.some((p) => p.includes("Exec(git push)")), JSON.stringify(cannot));
  });

  it("OpenCode's action map: the agent's allow first and deny last, its limit as denials", async () => {
    const opencode = JSON.parse(readFileSync(join(packageRoot, "clients", "opencode.json"), "utf8")) as {
      permissions: object;
    };
    const limited = coreMarkdown(
      [
        "name: guarded",
        "description: D.",
        "tools: [read, exec]",
        "permissions:",
        "  deny: [Exec(git push)]",
        "  allow: [Exec(npm test)]",
      ],
      ["B."],
    );
    const files = {
      ...registry(builtinAgentFrontmatter("opencode"), { permissions: opencode.permissions }),
      "core/agents/guarded.md": limited,
    };
    const { text, frontmatter, rows } = await agentFile(files);
    const permission = frontmatter.permission as Record<string, unknown>;
    assert.deepEqual(Object.keys(permission.bash as object), ["npm test *", "git push *"]);
    assert.deepEqual(permission.bash, { "npm test *": "allow", "git push *": "deny" });
    assert.deepEqual(
      Object.keys(permission).filter((tool) => tool !== "bash"),
      ["grep", "glob", "edit", "webfetch", "websearch", "skill", "task"],
    );
    assert.equal(permission.webfetch, "deny");
    assert.match(text, /\n {2}bash:\n {4}"npm test \*": allow\n {4}"git push \*": deny\n/);
    const limit = rows.find((r) => r.promise === "agent guarded uses only read, exec");
    assert.equal(limit?.enforcement, "partial", "MCP tools have no name every server shares");
    assert.match(limit?.reason ?? "", /mcp: MCP tools: OpenCode names MCP tools <server>_<tool>/);
  });

  it("OpenCode: an agent's allow or ask is followed by the project's stronger values for the same tool", async () => {
    const opencode = JSON.parse(readFileSync(join(packageRoot, "clients", "opencode.json"), "utf8")) as {
      permissions: object;
    };
    const allowing = coreMarkdown(
      ["name: guarded", "description: D.", "permissions:", "  ask: [edit]", "  allow: [exec]"],
      ["B."],
    );
    const files = {
      ...registry(builtinAgentFrontmatter("opencode"), { permissions: opencode.permissions }),
      "core/agents/guarded.md": allowing,
      "core/permissions.json": json({
        version: 1,
        deny: [
          { verb: "exec", commands: ["rm -rf"] },
          { verb: "edit", paths: ["secrets/**"] },
        ],
        ask: [{ verb: "exec", commands: ["git push"] }],
      }),
    };
    const { frontmatter } = await agentFile(files);
    const permission = frontmatter.permission as Record<string, Record<string, string>>;
    assert.deepEqual(Object.entries(permission.bash ?? {}), [
      ["*", "allow"],
      ["git push *", "ask"],
      ["rm -rf *", "deny"],
    ]);
    assert.deepEqual(Object.entries(permission.edit ?? {}), [
      ["*", "ask"],
      ["secrets/**", "deny"],
    ]);
  });
});
