import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import type { CoreRule, LoadTrigger } from "../../src/core/model.js";
import { rulesSection } from "../../src/packs/rules/section.js";
import { coreMarkdown, packsWriting, roundTrip } from "../support/item-round-trip.js";

const packs = packsWriting((pack) => pack.rules_dir !== null && !!pack.rule_file && !!pack.rule_triggers);
const word = fc.stringMatching(/^[a-z]{1,8}$/);
// built once, outside the chain: fast-check prepares a string arbitrary's bias slices when it is made
const itemName = fc.stringMatching(/^[a-z][a-z0-9]{0,8}(-[a-z0-9]{1,5}){0,2}$/);
const sentence = fc.array(word, { minLength: 1, maxLength: 8 }).map((words) => words.join(" "));
const glob = fc.stringMatching(/^(src|docs|lib\/core)\/(\*\*\/)?\*\.(ts|md|py)$/);

/** A rule one pack writes as its client keeps it: a trigger the pack maps without a deviation. */
const packAndRule = fc.constantFrom(...packs).chain((client) => {
  const map = client.pack.rule_triggers?.map ?? {};
  const kept = (Object.keys(map) as LoadTrigger[]).filter((t) => !map[t]?.deviation);
  return fc.record({
    client: fc.constant(client),
    name: itemName,
    trigger: fc.constantFrom(...kept),
    globs: fc.uniqueArray(glob, { minLength: 1, maxLength: 3 }),
    description: sentence,
    body: fc.array(sentence, { minLength: 1, maxLength: 4 }).map((lines) => `${lines.join("\n\n")}\n`),
  });
});

describe("the rules section: read(emit(rule)) is the rule", () => {
  it("covers the packs that write rules", () =>
    assert.ok(packs.length >= 5, packs.map((c) => c.pack.client).join()));

  it("gives back each rule's name, load trigger, globs, description and text, for every pack", () => {
    fc.assert(
      fc.property(packAndRule, ({ client, name, trigger, globs, description, body }) => {
        const rule: CoreRule = {
          ...coreMarkdown(`core/rules/${name}.md`, body),
          name,
          trigger,
          globs: trigger === "glob" ? globs : [],
          description,
        };
        const { emitted, read } = roundTrip(client, rulesSection, { rules: [rule] });
        assert.deepEqual(
          emitted.diagnostics.filter((d) => d.severity === "error"),
          [],
        );
        assert.equal(read.rules.length, 1, `${client.pack.client} read ${read.rules.length} rules`);
        const [back] = read.rules;
        assert.equal(back?.name, name);
        assert.ok(
          back?.triggers.includes(trigger),
          `${client.pack.client}: ${trigger} read as ${back?.triggers}`,
        );
        if (back?.triggers[0] === "glob") assert.deepEqual(back.globs, rule.globs);
        assert.equal(back?.description, description);
        assert.equal(back?.body.trim(), body.trim());
      }),
      { numRuns: 150 },
    );
  });
});
