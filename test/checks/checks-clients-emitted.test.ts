import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { OutputCheck } from "../../src/checks/check.js";
import { alwaysLoadedWithinLimit } from "../../src/checks/clients/always-loaded-within-limit.js";
import { denyFieldWithoutArgumentPatterns } from "../../src/checks/clients/deny-field-without-argument-patterns.js";
import { frontmatterFieldDocumented } from "../../src/checks/clients/frontmatter-field-documented.js";
import { htmlCommentWithoutNormativeWords } from "../../src/checks/clients/html-comment-without-normative-words.js";
import type { ClientPack } from "../../src/clients/model.js";
import { alwaysOnRuleHasNoGlobs } from "../../src/core/checks/always-on-rule-has-no-globs.js";
import type { CoreRule, LoadTrigger } from "../../src/core/model.js";
import type { Finding } from "../../src/diagnostics/check-meta.js";
import {
  clientFixture,
  exampleClient as examplePackData,
  coreRule as fixtureRule,
} from "../../src/diagnostics/client-fixture.js";
import { baseFixture } from "../../src/diagnostics/fixture-base.js";
import { parseJsonDocument } from "../../src/documents/json-document.js";
import { parseYamlBlock } from "../../src/documents/yaml-frontmatter.js";
import type { ClientFileOrigin, EmittedFile } from "../../src/emit/emitted-tree.js";
import { loadRegistry } from "../../src/registry/load-registry.js";
import type { Registry } from "../../src/registry/model.js";
import { checkTable, locate } from "../support/check-harness.js";
import { testdir } from "../support/testdir.js";

const packFile = "clients/example-client.json";
/** The examples' pack is plain JSON (it lives below the pack model); here it is handed to checks directly. */
const exampleClient = examplePackData as unknown as ClientPack;

/** The base registry loaded from a real folder, with one client pack as the loader would give it. */
async function registryWith(pack: ClientPack = exampleClient, rules: CoreRule[] = []): Promise<Registry> {
  const { registry } = await loadRegistry(testdir(baseFixture), { offline: true });
  assert.ok(registry);
  const { document } = parseJsonDocument(packFile, `${JSON.stringify(pack, null, 2)}\n`);
  assert.ok(document);
  registry.clients = [{ pack, file: packFile, document, origin: "registry" }];
  registry.core.rules.push(...rules);
  return registry;
}

/** A core rule parsed from its text, so positions are those of a real file. */
function coreRule(name: string, text: string, trigger: LoadTrigger, globs: string[] = []): CoreRule {
  const lines = text.split("\n");
  const close = lines.indexOf("---", 1);
  const { parsed } = parseYamlBlock(`core/rules/${name}.md`, lines.slice(1, close).join("\n"), 2);
  assert.ok(parsed);
  return {
    name,
    file: `core/rules/${name}.md`,
    positionOf: parsed.positionOf,
    body: lines.slice(close + 1).join("\n"),
    bodyLine: close + 2,
    trigger,
    globs,
  };
}

function emitted(
  path: string,
  text: string,
  origin: Partial<ClientFileOrigin> & Pick<ClientFileOrigin, "kind">,
): EmittedFile {
  return {
    path,
    bytes: Buffer.from(text),
    component: "example-client",
    role: "asset",
    rules: [],
    executable: false,
    client: { client: "example-client", alwaysLoaded: false, ...origin },
  };
}

function run(check: OutputCheck, registry: Registry, files: EmittedFile[]): Finding[] {
  return [...check.run(registry, { files, composed: [], capabilities: [] })];
}

const place = (f: Finding) => `${f.position.file}:${f.position.line}:${f.position.column}`;

describe("AGC090 always-loaded-within-limit", () => {
  const root = (n: number) => emitted("EXAMPLE.md", "a".repeat(n), { kind: "root", alwaysLoaded: true });
  const rule = (n: number, alwaysLoaded = true) =>
    emitted(".example/rules/style.md", "b".repeat(n), { kind: "rule", name: "style", alwaysLoaded });

  it("valid: exactly at the default limit of 40,000 characters", async () => {
    assert.deepEqual(run(alwaysLoadedWithinLimit, await registryWith(), [root(30_000), rule(10_000)]), []);
  });

  it("valid: files loaded on demand and files of other clients do not count", async () => {
    const other = {
      ...root(50_000),
      path: "OTHER.md",
      client: { client: "other", kind: "root", alwaysLoaded: true },
    };
    const files = [root(30_000), rule(20_000, false), other as EmittedFile];
    assert.deepEqual(run(alwaysLoadedWithinLimit, await registryWith(), files), []);
  });

  it("valid: characters are counted, not bytes", async () => {
    assert.deepEqual(
      run(alwaysLoadedWithinLimit, await registryWith(), [root(0), rule(0), emittedEmoji(40_000)]),
      [],
    );
  });

  it("invalid: one over the limit, at the biggest file's source rule, naming the total and the biggest files", async () => {
    const registry = await registryWith(exampleClient, [
      coreRule("style", "---\ntrigger: always_on\n---\n# Style\n", "always_on"),
    ]);
    const found = run(alwaysLoadedWithinLimit, registry, [root(10_000), rule(30_001)]);
    assert.deepEqual(found.map(place), ["core/rules/style.md:1:1"]);
    assert.match(
      found[0]?.message ?? "",
      /example-client \(Example Client\) loads 40001 characters into every session, over its limit of 40000; biggest: \.example\/rules\/style\.md 30001, EXAMPLE\.md 10000$/,
    );
  });

  it("invalid: the pack's own limit, reported at always_loaded_limit when no source is known", async () => {
    const registry = await registryWith({ ...exampleClient, always_loaded_limit: 100 });
    const found = run(alwaysLoadedWithinLimit, registry, [root(101)]);
    assert.deepEqual(found.map(place), [`${packFile}:${lineOf("always_loaded_limit")}:26`]);
    assert.match(found[0]?.message ?? "", /loads 101 characters .* limit of 100/);
  });

  it("invalid: the rule adapter's always-on file of the same id counts, reported at its longest rule", async () => {
    const registry = await registryWith();
    const rule = registry.rules.find((r) => r.slug === "code-style");
    assert.ok(rule);
    const adapterFile: EmittedFile = {
      path: "EXAMPLE-RULES.md",
      bytes: Buffer.from("c".repeat(25_000)),
      component: "example-client",
      role: "always-on",
      rules: [rule],
      executable: false,
    };
    const found = run(alwaysLoadedWithinLimit, registry, [root(20_000), adapterFile]);
    assert.deepEqual(found.map(place), [`rules/code-style.md:${rule.heading.line}:1`]);
    assert.match(found[0]?.message ?? "", /45000 characters/);
  });

  it("invalid: a copied rule file without a load condition counts, one with paths does not", async () => {
    const copied = (path: string, text: string) => ({
      ...emitted(path, text, { kind: "shared-core" }),
      source: `shared/${path.split("/").at(-1)}`,
    });
    const registry = await registryWith({ ...exampleClient, always_loaded_limit: 1000 });
    const files = [
      copied(".example/rules/00-core.md", `# Core\n${"x".repeat(600)}`),
      copied(".example/rules/01-empty.md", `---\n---\n${"y".repeat(500)}`),
      copied(".example/rules/40-tech.md", `---\npaths: ["src/**"]\n---\n${"z".repeat(5000)}`),
      copied(".example/README.md", "r".repeat(5000)),
    ];
    const found = run(alwaysLoadedWithinLimit, registry, files);
    assert.deepEqual(found.map(place), ["shared/00-core.md:1:1"]);
    assert.match(
      found[0]?.message ?? "",
      /loads 1115 characters .* biggest: \.example\/rules\/00-core\.md 607, \.example\/rules\/01-empty\.md 508$/,
    );
  });

  it("valid: a copied rule file that sets a condition the always_on mapping does not write", async () => {
    const pack = {
      ...exampleClient,
      always_loaded_limit: 10,
      rule_triggers: { globs_format: "list" as const, map: { always_on: { fields: { alwaysApply: true } } } },
    };
    const file = (matter: string) =>
      emitted(".example/rules/a.md", `---\n${matter}\n---\nlong text`, { kind: "shared-core" });
    assert.deepEqual(
      run(alwaysLoadedWithinLimit, await registryWith(pack), [file("alwaysApply: false")]),
      [],
    );
    assert.equal(
      run(alwaysLoadedWithinLimit, await registryWith(pack), [file("alwaysApply: true")]).length,
      1,
    );
  });

  function emittedEmoji(n: number): EmittedFile {
    return emitted(".example/rules/emoji.md", "😀".repeat(n), {
      kind: "rule",
      name: "emoji",
      alwaysLoaded: true,
    });
  }

  function lineOf(key: string): number {
    const text = JSON.stringify({ ...exampleClient, always_loaded_limit: 100 }, null, 2);
    return text.split("\n").findIndex((l) => l.includes(`"${key}"`)) + 1;
  }
});

describe("AGC091 html-comment-without-normative-words", () => {
  const ruleText = (body: string[]) => ["---", "paths:", '  - "src/**"', "---", ...body, ""].join("\n");
  const ruleFile = (body: string[], kind: ClientFileOrigin["kind"] = "rule") =>
    emitted(".example/rules/style.md", ruleText(body), { kind, name: "style" });

  it("valid: comments without keywords, keywords outside comments, lower case, fenced code, parts of words", async () => {
    const files = [
      ruleFile([
        "<!-- Generated from core/rules/style.md (trigger: glob). -->",
        "You MUST keep functions short.",
        "<!-- must, never: lower case is prose -->",
        "```html",
        "<!-- MUST stays: this is code the model sees -->",
        "```",
        "<!-- MUSTARD, NEVERLAND, ALWAYS_ON, SHOULD-BE -->",
      ]),
      emitted(".example/skills/x/SKILL.md", "<!-- NEVER -->\n", { kind: "skill", name: "x" }),
    ];
    assert.deepEqual(run(htmlCommentWithoutNormativeWords, await registryWith(), files), []);
  });

  it("invalid: one warning per comment at its first keyword, naming every keyword and the source line", async () => {
    const rule = coreRule(
      "style",
      "---\ntrigger: glob\nglobs: [src/**]\n---\n# Style\n\n<!-- You MUST NOT push; NEVER force. -->\n",
      "glob",
      ["src/**"],
    );
    const registry = await registryWith(exampleClient, [rule]);
    const files = [
      ruleFile([
        "# Style",
        "",
        "<!-- You MUST NOT push; NEVER force. -->",
        "<!--",
        "  tests are",
        "  REQUIRED -->",
      ]),
    ];
    const found = run(htmlCommentWithoutNormativeWords, registry, files);
    assert.deepEqual(found.map(place), [
      "<build>/.example/rules/style.md:7:10",
      "<build>/.example/rules/style.md:10:3",
    ]);
    assert.match(
      found[0]?.message ?? "",
      /holds MUST NOT, NEVER; the client never sees comments; from core\/rules\/style\.md:7$/,
    );
    assert.match(found[1]?.message ?? "", /holds REQUIRED; .* from core\/rules\/style\.md$/);
  });

  it("invalid: the root instruction file and always-loaded shared files are read too", async () => {
    const files = [
      emitted("EXAMPLE.md", "# Team\n<!-- ALWAYS run the tests -->\n", { kind: "root", alwaysLoaded: true }),
      {
        ...emitted("docs/x.md", "<!-- SHALL -->", { kind: "shared-core", alwaysLoaded: true }),
        source: "shared/x.md",
      },
    ];
    const found = run(htmlCommentWithoutNormativeWords, await registryWith(), files);
    assert.deepEqual(found.map(place), ["<build>/EXAMPLE.md:2:6", "<build>/docs/x.md:1:6"]);
    assert.match(found[1]?.message ?? "", /from shared\/x\.md$/);
  });
});

const ruleAt = "core/rules/core.md";
const alwaysOnWithGlobs = clientFixture({
  [ruleAt]: fixtureRule("always_on", ["Text."], ["src/**", "lib/**"]),
});
checkTable(alwaysOnRuleHasNoGlobs, {
  valid: [
    {
      name: "a glob rule with globs",
      files: clientFixture({ [ruleAt]: fixtureRule("glob", ["Text."], ["src/**"]) }),
    },
    {
      name: "an always_on rule without globs",
      files: clientFixture({ [ruleAt]: fixtureRule("always_on", ["Text."]) }),
    },
  ],
  invalid: [
    {
      name: "an always_on rule with globs, at the globs key",
      files: alwaysOnWithGlobs,
      findings: [
        {
          ...locate(alwaysOnWithGlobs, ruleAt, "globs:"),
          message: /takes no "globs" \(src\/\*\*, lib\/\*\*\)/,
        },
      ],
    },
  ],
});

describe("AGC093 frontmatter-field-documented", () => {
  const agentPack: ClientPack = {
    ...exampleClient,
    agent_frontmatter: {
      format: "toml",
      extension: ".toml",
      fields: { name: "name", description: "description" },
      body_field: "developer_instructions",
      tools_field: null,
      tools_format: "csv",
      tool_names: {},
      documented_fields: ["name", "description", "developer_instructions"],
    },
  };

  it("valid: documented fields only; a file without frontmatter; a kind the pack does not describe", async () => {
    const files = [
      emitted(".example/rules/a.md", '---\npaths:\n  - "src/**"\n---\n# A\n', { kind: "rule" }),
      emitted(".example/rules/b.md", "# B\n", { kind: "rule" }),
      emitted(".example/skills/s/SKILL.md", "---\nname: s\ndescription: d\n---\n", { kind: "skill" }),
      emitted(".example/commands/c.md", "---\nwhatever: 1\n---\n", { kind: "command" }),
      emitted(".example/agents/r.toml", 'name = "r"\ndeveloper_instructions = """\nx\n"""\n', {
        kind: "agent",
      }),
    ];
    assert.deepEqual(run(frontmatterFieldDocumented, await registryWith(agentPack), files), []);
  });

  it("invalid: each undocumented field at its key, YAML and TOML", async () => {
    const files = [
      emitted(".example/rules/a.md", '---\npaths: ["src/**"]\ndescription: A rule.\ntrigger: glob\n---\n', {
        kind: "rule",
      }),
      emitted(".example/skills/s/SKILL.md", "---\nname: s\n  # note\nlicense: MIT\n---\n", { kind: "skill" }),
      emitted(".example/agents/r.toml", 'name = "r"\nmodel = "x"\n', { kind: "agent" }),
    ];
    const found = run(frontmatterFieldDocumented, await registryWith(agentPack), files);
    assert.deepEqual(found.map(place), [
      "<build>/.example/rules/a.md:3:1",
      "<build>/.example/rules/a.md:4:1",
      "<build>/.example/skills/s/SKILL.md:4:1",
      "<build>/.example/agents/r.toml:2:1",
    ]);
    assert.match(
      found[0]?.message ?? "",
      /has the field "description", which example-client does not document for rule files \(rule_file\.documented_fields: paths\)/,
    );
    assert.match(found[3]?.message ?? "", /"model".*agent_frontmatter\.documented_fields/);
  });

  it("invalid: emitted frontmatter that does not parse", async () => {
    const files = [emitted(".example/rules/a.md", "---\npaths: [unclosed\n---\n", { kind: "rule" })];
    const found = run(frontmatterFieldDocumented, await registryWith(), files);
    assert.equal(found.length, 1);
    assert.match(found[0]?.message ?? "", /frontmatter does not parse/);
    assert.equal(found[0]?.position.file, "<build>/.example/rules/a.md");
  });
});

describe("AGC094 deny-field-without-argument-patterns", () => {
  const agentPack: ClientPack = {
    ...exampleClient,
    agent_frontmatter: {
      format: "markdown",
      extension: ".md",
      fields: { name: "name" },
      tools_field: "tools",
      tools_format: "csv",
      tool_names: {},
      deny_field: "disallowedTools",
      documented_fields: ["name", "tools", "disallowedTools"],
    },
  };
  const skill = (deny: string) =>
    emitted(".example/skills/review/SKILL.md", `---\nname: review\n${deny}\n---\n# R\n`, {
      kind: "skill",
      name: "review",
    });

  it("valid: whole tools only, in csv and list form; an agent without deny field; other fields", async () => {
    const files = [
      skill("disallowed-tools: Edit, Write, NotebookEdit"),
      emitted(".example/agents/a.md", "---\nname: a\ndisallowedTools:\n  - Bash\n---\n", { kind: "agent" }),
      emitted(".example/skills/x/SKILL.md", "---\ndescription: Run Bash(git diff) first.\n---\n", {
        kind: "skill",
      }),
    ];
    assert.deepEqual(run(denyFieldWithoutArgumentPatterns, await registryWith(agentPack), files), []);
  });

  it("invalid: an argument pattern in the skill's csv field and in an agent's list, at the value", async () => {
    const files = [
      skill("disallowed-tools: Edit, Bash(git push), Bash (rm:*)"),
      emitted(".example/agents/a.md", "---\nname: a\ndisallowedTools:\n  - Edit\n  - Bash(curl:*)\n---\n", {
        kind: "agent",
        name: "a",
      }),
    ];
    const found = run(denyFieldWithoutArgumentPatterns, await registryWith(agentPack), files);
    assert.deepEqual(found.map(place), [
      "<build>/.example/skills/review/SKILL.md:3:19",
      "<build>/.example/agents/a.md:5:5",
    ]);
    assert.match(
      found[0]?.message ?? "",
      /disallowed-tools of skill "review" holds the argument pattern Bash\(git push\), Bash \(rm:\*\); example-client ignores it/,
    );
    assert.match(
      found[1]?.message ?? "",
      /disallowedTools of agent "a" holds the argument pattern Bash\(curl:\*\)/,
    );
  });
});

/** The same checks through the whole pipeline: real registry folders, the example pack, the real emitter. */
describe("AGC090–AGC094 on built registries", () => {
  const sharedRule = (frontmatter: string[]) =>
    ["---", ...frontmatter, "---", "# Core", "", "Keep functions short.", ""].join("\n");
  const copyRule = { shared_core: [{ src: "shared/00-core.md", dst: "<RULES_DIR>/00-core.md" }] };
  const copySkill = { shared_core: [{ src: "shared/SKILL.md", dst: ".example/skills/release/SKILL.md" }] };
  const skill = (deny: string) =>
    [
      "---",
      "name: release",
      "description: Prepares a release.",
      `disallowed-tools: ${deny}`,
      "---",
      "# R",
      "",
    ].join("\n");
  const longRule = fixtureRule(
    "always_on",
    Array.from({ length: 400 }, (_, i) => `- Rule ${i}: prefer clear names.`),
  );

  checkTable(alwaysLoadedWithinLimit, {
    valid: [
      {
        name: "a long rule loaded only for matching files",
        files: clientFixture({
          "core/rules/long.md": fixtureRule("glob", longRule.split("\n").slice(5), ["src/**"]),
        }),
      },
    ],
    invalid: [
      {
        name: "two always_on rules over a limit of 10,000, at the bigger one's source",
        files: clientFixture(
          { "core/rules/long.md": longRule, "core/rules/short.md": fixtureRule("always_on", ["Short."]) },
          { always_loaded_limit: 10_000 },
        ),
        findings: [
          {
            file: "core/rules/long.md",
            line: 1,
            column: 1,
            message:
              /example-client \(Example Client\) loads \d+ characters .* limit of 10000; biggest: \.example\/rules\/long\.md \d+, \.example\/rules\/short\.md \d+$/,
          },
        ],
      },
    ],
  });

  checkTable(htmlCommentWithoutNormativeWords, {
    valid: [
      {
        name: "the generated source comment",
        files: clientFixture({ "core/rules/s.md": fixtureRule("always_on", ["Text."]) }),
      },
    ],
    invalid: [
      {
        name: "a comment in a core rule's body, at the emitted line, naming the source line",
        files: clientFixture({
          "core/rules/s.md": fixtureRule("always_on", ["Text.", "<!-- NEVER skip tests -->"]),
        }),
        findings: [
          {
            file: "<build>/.example/rules/s.md",
            line: 6,
            column: 6,
            message: /holds NEVER; .*from core\/rules\/s\.md:8$/,
          },
        ],
      },
      {
        name: "a shared file in the rules folder is a rule file",
        files: clientFixture(
          { "shared/00-core.md": sharedRule(["paths: [a]"]).replace("# Core", "# Core\n<!-- SHOULD -->") },
          copyRule,
        ),
        findings: [
          {
            file: "<build>/.example/rules/00-core.md",
            line: 5,
            column: 6,
            message: /from shared\/00-core\.md$/,
          },
        ],
      },
    ],
  });

  checkTable(frontmatterFieldDocumented, {
    valid: [
      {
        name: "a copied rule with documented fields",
        files: clientFixture({ "shared/00-core.md": sharedRule(["paths: [a]"]) }, copyRule),
      },
      {
        name: "core rules of every mapped trigger",
        files: clientFixture({ "core/rules/g.md": fixtureRule("glob", ["T."], ["a/**"]) }),
      },
    ],
    invalid: [
      {
        name: "fields left over from the neutral source in a copied rule",
        files: clientFixture(
          { "shared/00-core.md": sharedRule(["paths: [a]", "trigger: glob", "globs: [a]"]) },
          copyRule,
        ),
        findings: [
          {
            file: "<build>/.example/rules/00-core.md",
            line: 3,
            column: 1,
            message: /"trigger".*copied from shared\/00-core\.md/,
          },
          { file: "<build>/.example/rules/00-core.md", line: 4, column: 1, message: /"globs"/ },
        ],
      },
    ],
  });

  checkTable(denyFieldWithoutArgumentPatterns, {
    valid: [
      {
        name: "whole tools in a copied skill",
        files: clientFixture({ "shared/SKILL.md": skill("Edit, Bash") }, copySkill),
      },
    ],
    invalid: [
      {
        name: "an argument pattern in a copied skill, at the value",
        files: clientFixture({ "shared/SKILL.md": skill("Edit, Bash(git push:*)") }, copySkill),
        findings: [
          {
            file: "<build>/.example/skills/release/SKILL.md",
            line: 4,
            column: 19,
            message: /Bash\(git push:\*\); example-client ignores it/,
          },
        ],
      },
    ],
  });
});
