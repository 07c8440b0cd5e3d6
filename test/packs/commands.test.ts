import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { type CoreCommand, emptyPermissions } from "../../src/core/model.js";
import { parsePermissionRule } from "../../src/core/permission-rule.js";
import { argumentsWord } from "../../src/packs/commands/arguments.js";
import { commandsSection } from "../../src/packs/commands/section.js";
import { coreMarkdown, packsWriting, roundTrip } from "../support/item-round-trip.js";

const packs = packsWriting((pack) => pack.commands_dir !== null && !!pack.command_format);
const word = fc.stringMatching(/^[a-z]{1,8}$/);
// built once, outside the chain: fast-check prepares a string arbitrary's bias slices when it is made
const itemName = fc.stringMatching(/^[a-z][a-z0-9]{0,8}(-[a-z0-9]{1,5}){0,2}$/);
const sentence = fc.array(word, { minLength: 1, maxLength: 8 }).map((words) => words.join(" "));

/** A command's prompt: lines of words, some saying $ARGUMENTS where the pack has a placeholder for it. */
const prompt = (placeholder: boolean) =>
  fc
    .array(fc.oneof(sentence, placeholder ? fc.constant(`Work on ${argumentsWord}.`) : sentence), {
      minLength: 1,
      maxLength: 4,
    })
    .map((lines) => `${lines.join("\n\n")}\n`);

/** Rules a command may pre-approve, in the core's spelling; each reads back as written. */
const allowRules = fc.subarray(["read", "grep", "Exec(git diff)", "Exec(npm test)", "Edit(src/**)"]);

const packAndCommand = fc.constantFrom(...packs).chain((client) => {
  const format = client.pack.command_format;
  const has = (field: "argument_hint" | "model") => format?.fields[field] !== undefined;
  const preApproves = !!format?.allow_field && !!client.pack.permissions;
  return fc.record({
    client: fc.constant(client),
    name: itemName,
    description: sentence,
    argumentHint: has("argument_hint") ? fc.option(sentence, { nil: undefined }) : fc.constant(undefined),
    model: has("model") ? fc.option(word, { nil: undefined }) : fc.constant(undefined),
    allow: preApproves ? allowRules : fc.constant([]),
    body: prompt(format?.arguments_placeholder !== null),
  });
});

describe("the commands section: read(emit(command)) is the command", () => {
  it("covers the packs that write commands", () => assert.ok(packs.length >= 5));

  it("covers a pack that pre-approves rules per command", () =>
    assert.ok(packs.some((client) => client.pack.command_format?.allow_field)));

  it("gives back each command's name, description, argument hint, model, pre-approved rules and prompt with $ARGUMENTS, for every pack", () => {
    fc.assert(
      fc.property(packAndCommand, ({ client, name, description, argumentHint, model, allow, body }) => {
        const file = `core/commands/${name}.md`;
        const permissions = emptyPermissions();
        for (const text of allow) {
          const rule = parsePermissionRule(text, { file, line: 1, column: 1 }, []);
          if (rule) permissions.allow.push(rule);
        }
        const command: CoreCommand = {
          ...coreMarkdown(file, body),
          name,
          description,
          ...(argumentHint !== undefined ? { argumentHint } : {}),
          ...(model !== undefined ? { model } : {}),
          permissions,
        };
        const { emitted, read, readDiagnostics } = roundTrip(client, commandsSection, {
          commands: [command],
        });
        const carried = client.pack.command_format?.fields.description !== undefined;
        assert.deepEqual(
          emitted.diagnostics.map((d) => d.message),
          carried
            ? []
            : [`command /${name}: ${client.pack.name} has no field for "description", so it is not written`],
        );
        assert.deepEqual(readDiagnostics, []);
        assert.equal(read.commands.length, 1);
        const [back] = read.commands;
        assert.deepEqual(
          { ...back, position: undefined },
          {
            name,
            ...(carried ? { description } : {}),
            ...(argumentHint !== undefined ? { argumentHint } : {}),
            ...(model !== undefined ? { model } : {}),
            ...(allow.length > 0 ? { allow } : {}),
            body,
            position: undefined,
          },
        );
      }),
      { numRuns: 150 },
    );
  });
});
