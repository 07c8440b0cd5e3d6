import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { type CoreSkill, emptyPermissions } from "../../src/core/model.js";
import { emitSkills } from "../../src/packs/skills/emit.js";
import { skillsSection } from "../../src/packs/skills/section.js";
import { coreMarkdown, packsWriting, roundTrip } from "../support/item-round-trip.js";

const packs = packsWriting((pack) => pack.skills_dir !== null && !!pack.skill_frontmatter);
const word = fc.stringMatching(/^[a-z]{1,8}$/);
// built once, outside the chain: fast-check prepares a string arbitrary's bias slices when it is made
const itemName = fc.stringMatching(/^[a-z][a-z0-9]{0,8}(-[a-z0-9]{1,5}){0,2}$/);
const sentence = fc.array(word, { minLength: 1, maxLength: 8 }).map((words) => words.join(" "));
type Optional = "argument_hint" | "model" | "license" | "compatibility" | "metadata";

const packAndSkill = fc.constantFrom(...packs).chain((client) => {
  const fields = client.pack.skill_frontmatter?.fields ?? {};
  const maybe = <T>(field: Optional, value: fc.Arbitrary<T>) =>
    fields[field] !== undefined ? fc.option(value, { nil: undefined }) : fc.constant(undefined);
  return fc.record({
    client: fc.constant(client),
    name: itemName,
    description: sentence,
    argumentHint: maybe("argument_hint", sentence),
    model: maybe("model", word),
    license: maybe("license", word),
    compatibility: maybe("compatibility", sentence),
    metadata: maybe("metadata", fc.dictionary(word, sentence, { minKeys: 1, maxKeys: 3 })),
    body: fc.array(sentence, { minLength: 1, maxLength: 4 }).map((lines) => `${lines.join("\n\n")}\n`),
    file: fc.option(fc.record({ name: word, text: sentence }), { nil: undefined }),
  });
});

describe("the skills section: read(emit(skill)) is the skill", () => {
  it("covers the packs that write skills", () => assert.ok(packs.length >= 5));

  it("gives back each skill's name, fields the pack maps, text and supporting files, for every pack", () => {
    fc.assert(
      fc.property(packAndSkill, (s) => {
        const dir = `core/skills/${s.name}`;
        const supporting = s.file ? `${dir}/references/${s.file.name}.md` : undefined;
        const skill: CoreSkill = {
          ...coreMarkdown(`${dir}/SKILL.md`, s.body),
          name: s.name,
          dir,
          description: s.description,
          permissions: emptyPermissions(),
          triggers: ["model", "user"],
          supportingFiles: supporting ? [supporting] : [],
          ...(s.argumentHint !== undefined ? { argumentHint: s.argumentHint } : {}),
          ...(s.model !== undefined ? { model: s.model } : {}),
          ...(s.license !== undefined ? { license: s.license } : {}),
          ...(s.compatibility !== undefined ? { compatibility: s.compatibility } : {}),
          ...(s.metadata !== undefined ? { metadata: s.metadata } : {}),
        };
        const files = new Map(supporting && s.file ? [[supporting, Buffer.from(`${s.file.text}\n`)]] : []);
        const { emitted, read, readDiagnostics } = roundTrip(
          s.client,
          skillsSection,
          { skills: [skill] },
          files,
          emitSkills,
        );
        assert.deepEqual(emitted.diagnostics, []);
        assert.deepEqual(readDiagnostics, []);
        assert.equal(read.skills.length, 1);
        const [back] = read.skills;
        const prefix = s.client.pack.core_skill_prefix ?? "";
        assert.equal(
          back?.name,
          prefix !== "" && s.name.startsWith(prefix) ? s.name.slice(prefix.length) : s.name,
        );
        assert.equal(back?.description, s.description);
        assert.equal(back?.argumentHint, s.argumentHint);
        assert.equal(back?.model, s.model);
        assert.equal(back?.license, s.license);
        assert.equal(back?.compatibility, s.compatibility);
        assert.deepEqual(back?.metadata, s.metadata && { ...s.metadata });
        assert.ok(back?.userOnly !== true && back?.modelOnly !== true, "started by both");
        assert.equal(back?.body, s.body);
        assert.deepEqual(
          back?.files.map((f) => [f.path, f.bytes.toString()]),
          s.file ? [[`references/${s.file.name}.md`, `${s.file.text}\n`]] : [],
        );
      }),
      { numRuns: 150 },
    );
  });
});
