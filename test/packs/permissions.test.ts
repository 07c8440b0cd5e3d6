import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import type { ClientPack } from "../../src/clients/model.js";
import {
  type PatternKind,
  type PermissionLevel,
  type PermissionRule,
  patternKindOf,
  permissionLevels,
  type Verb,
  verbs,
} from "../../src/core/model.js";
import type { Position } from "../../src/diagnostics/diagnostic.js";
import type { PermissionsFound } from "../../src/packs/permissions/model.js";
import { readRuleText } from "../../src/packs/permissions/rule-text.js";
import { permissionsSection } from "../../src/packs/permissions/section.js";
import { roundTripTests } from "./section-round-trip.js";

/** One core rule and the level it is written at. */
interface LeveledRule {
  level: PermissionLevel;
  rule: PermissionRule;
}

const position: Position = { file: "core/permissions.json", line: 1, column: 1 };
const word = fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/);

/** Patterns the core accepts (core/permission-pattern.ts), by what they mean. */
const patterns: Record<PatternKind, fc.Arbitrary<string>> = {
  paths: fc.oneof(
    fc.array(word, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("/")),
    word.map((w) => `${w}/**`),
    word.map((w) => `.${w}`),
  ),
  commands: fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(" ")),
  domains: fc.tuple(fc.boolean(), word).map(([any, host]) => `${any ? "*." : ""}${host}.example.com`),
  tools: fc
    .tuple(word, fc.option(fc.oneof(word, fc.constant("*")), { nil: undefined }))
    .map(([server, tool]) => (tool === undefined ? server : `${server}/${tool}`)),
  names: fc.array(word, { minLength: 1, maxLength: 2 }).map((parts) => parts.join("-")),
};

const leveledRule: fc.Arbitrary<LeveledRule> = fc
  .tuple(fc.constantFrom(...permissionLevels), fc.constantFrom(...verbs), fc.nat({ max: 3 }))
  .chain(([level, verb, count]) =>
    fc
      .uniqueArray(patterns[patternKindOf[verb]], { minLength: count, maxLength: count })
      .map((list) => ({ level, rule: { verb, patterns: list, position } })),
  );

const all = builtinClientPacks().map((loaded) => loaded.pack);
const packs = all.filter((pack) => pack.permissions !== undefined);
const policyPacks = all.filter((pack) => pack.exec_policy !== undefined);

/** Exec rules with a command: what a pack's exec policy takes instead of its permission lists. */
const execRule: fc.Arbitrary<LeveledRule> = fc
  .tuple(
    fc.constantFrom(...permissionLevels),
    fc.uniqueArray(patterns.commands, { minLength: 1, maxLength: 3 }),
  )
  .map(([level, list]) => ({ level, rule: { verb: "exec", patterns: list, position } }));

/**
 * The verb a client's rule text reads back as: the first verb whose tools include the text's tool. A verb
 * that shares its every tool with an earlier verb (a client with one tool for read and grep) cannot be told
 * from it in the client's file, so the rule is cut to the earlier verb.
 */
function verbAsRead(pack: ClientPack, verb: Verb): Verb {
  const tools = pack.permissions?.permission_tools ?? {};
  const own = tools[verb] ?? [];
  const first = verbs.find((v) => own.length > 0 && own.every((tool) => (tools[v] ?? []).includes(tool)));
  return first !== undefined && patternKindOf[first] === patternKindOf[verb] ? first : verb;
}

/** The rule cut to what the client can tell apart, so that most rules are ones it writes whole. */
function fit(pack: ClientPack, x: LeveledRule): LeveledRule {
  return { ...x, rule: { ...x.rule, verb: verbAsRead(pack, x.rule.verb) } };
}

/**
 * A rule as the round trip compares it: its level, its verb and the set of its patterns. "≡" is equality of
 * these: the client's file keeps no order of patterns within a rule, writes one rule per tool of the verb
 * (read back as one), and "server/*" of an MCP rule is the whole server ("server"), as the client writes it.
 */
function comparable(level: PermissionLevel, verb: Verb, list: readonly string[]) {
  const unique = [
    ...new Set(list.map((p) => (patternKindOf[verb] === "tools" ? p.replace(/\/\*$/, "") : p))),
  ];
  return { level, verb, patterns: unique.sort() };
}

function foundRule(found: PermissionsFound) {
  const rules = permissionLevels.flatMap((level) =>
    found.permissions[level].map((rule) => comparable(level, rule.verb, rule.patterns)),
  );
  assert.equal(rules.length, 1, JSON.stringify(rules));
  return rules[0];
}

/** The section's round trip of one rule: what it compiles from, and "≡" (comparable above). */
const trip = {
  section: permissionsSection,
  input: ({ level, rule }: LeveledRule) =>
    ({
      core: { permissions: { deny: [], ask: [], allow: [], [level]: [rule] }, skills: [], agents: [] },
    }) as never,
  fit,
  found: foundRule,
  expected: (_: ClientPack, { level, rule }: LeveledRule) => comparable(level, rule.verb, rule.patterns),
};

describe("packs/permissions: read(emit(rule)) is the rule, for every built-in pack with permission lists", () => {
  roundTripTests(packs, leveledRule, trip);
});

describe("packs/permissions: read(emit(exec rule)) is the rule, for every built-in pack with an exec policy", () => {
  // the policy's lines (a file agentc owns) or its JSON lists (composed into a shared file), read back
  roundTripTests(policyPacks, execRule, trip);

  it("covers every rule shape and both exec policy shapes", () => {
    const shapes = new Set(packs.map((pack) => pack.permissions?.rule_shape ?? "lists"));
    assert.deepEqual([...shapes].sort(), ["action_map", "lists", "rule_objects"]);
    const policies = new Set(
      packs.flatMap((pack) => (pack.exec_policy ? [pack.exec_policy.shape ?? "lines"] : [])),
    );
    assert.deepEqual([...policies].sort(), ["json_list", "lines"]);
  });
});

/**
 * Found on 1215-Labs/claude-code-templates: a skill's `allowed-tools: [Bash(*)]` was read as the command
 * prefix "", which the registry refuses (AGC065), so the imported registry did not build.
 */
describe("packs/permissions: a wildcard argument is the whole tool", () => {
  const claude = builtinClientPacks().find(({ pack }) => pack.client === "claude-code")?.pack.permissions;
  it("reads Bash(*) and Bash(:*) as exec, and an empty argument as a problem", () => {
    assert.ok(claude);
    assert.deepEqual(readRuleText("Bash(*)", claude, ""), { verb: "exec" });
    assert.deepEqual(readRuleText("Bash(:*)", claude, ""), { verb: "exec" });
    assert.deepEqual(readRuleText("Bash(git push:*)", claude, ""), { verb: "exec", pattern: "git push" });
    assert.deepEqual(readRuleText("Bash()", claude, ""), { problem: "has an empty pattern" });
  });
});

/** `tool = "action"` or `tool["argument"] = "action"`: one value a row says is written, as its path under the key. */
function writtenPath(text: string): string[] | undefined {
  const match = /^(.+?)(?:\[("(?:[^"\\]|\\.)*")\])? = "[^"]*"$/.exec(text);
  if (!match?.[1]) return undefined;
  return match[2] === undefined ? [match[1]] : [match[1], JSON.parse(match[2]) as string];
}

describe("packs/permissions: an action map's rows name each value at the key the file has it under", () => {
  // Not Codex's, whose coarse rules are lost and whose values are composed as one table.
  const actionMaps = packs.filter(
    (pack) => pack.permissions?.rule_shape === "action_map" && !pack.permissions.compose_as_table,
  );
  it("covers the action-map packs", () => assert.ok(actionMaps.length >= 2));
  for (const pack of actionMaps)
    it(`${pack.client}: a tool written whole reads tool = action, as in the file (not tool["*"])`, () => {
      const key = pack.permissions?.key ?? [];
      let whole = 0;
      fc.assert(
        fc.property(fc.array(leveledRule, { minLength: 1, maxLength: 6 }), (rules) => {
          const permissions = { deny: [], ask: [], allow: [] } as Record<PermissionLevel, PermissionRule[]>;
          for (const { level, rule } of rules) permissions[level].push(rule);
          const input = { core: { permissions, skills: [], agents: [] } } as never;
          const emitted = permissionsSection.settings?.emit(pack, input);
          assert.ok(emitted);
          const paths = new Set(emitted.parts.flatMap((p) => p.entries).map((e) => JSON.stringify(e.path)));
          for (const row of emitted.rows) {
            const texts = /^written as (.+) in \S+ \S+$/.exec(row.reason ?? "")?.[1]?.split(", ") ?? [];
            for (const text of texts) {
              const path = writtenPath(text);
              assert.ok(path, `${text} in ${row.reason}`);
              assert.ok(paths.has(JSON.stringify([...key, ...path])), `${text}: no entry at that key`);
              if (path.length === 1) whole++;
            }
          }
        }),
        { numRuns: 200 },
      );
      assert.ok(whole > 0, "no tool was written whole");
    });
});
