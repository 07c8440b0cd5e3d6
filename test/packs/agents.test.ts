import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { type CoreAgent, emptyPermissions } from "../../src/core/model.js";
import { emitAgents } from "../../src/packs/agents/emit.js";
import { agentsSection } from "../../src/packs/agents/section.js";
import { coreMarkdown, packsWriting, roundTrip } from "../support/item-round-trip.js";

const packs = packsWriting((pack) => pack.agents_dir !== null && !!pack.agent_frontmatter);
const word = fc.stringMatching(/^[a-z]{1,8}$/);
// built once, outside the chain: fast-check prepares a string arbitrary's bias slices when it is made
const itemName = fc.stringMatching(/^[a-z][a-z0-9]{0,8}(-[a-z0-9]{1,5}){0,2}$/);
const sentence = fc.array(word, { minLength: 1, maxLength: 8 }).map((words) => words.join(" "));

const packAndAgent = fc.constantFrom(...packs).chain((client) =>
  fc.record({
    client: fc.constant(client),
    name: itemName,
    description: sentence,
    model:
      client.pack.agent_frontmatter?.fields.model !== undefined
        ? fc.option(word, { nil: undefined })
        : fc.constant(undefined),
    body: fc.array(sentence, { minLength: 1, maxLength: 4 }).map((lines) => `${lines.join("\n\n")}\n`),
  }),
);

describe("the agents section: read(emit(agent)) is the agent", () => {
  it("covers the packs that write agents, Markdown and TOML", () => {
    assert.ok(packs.length >= 5);
    assert.ok(packs.some((c) => c.pack.agent_frontmatter?.format === "toml"));
  });

  it("gives back each agent's name, description, model and prompt, for every pack", () => {
    fc.assert(
      fc.property(packAndAgent, ({ client, name, description, model, body }) => {
        const agent: CoreAgent = {
          ...coreMarkdown(`core/agents/${name}.md`, body),
          name,
          description,
          permissions: emptyPermissions(),
          ...(model !== undefined ? { model } : {}),
        };
        const { emitted, read, readDiagnostics } = roundTrip(
          client,
          agentsSection,
          { agents: [agent] },
          new Map(),
          emitAgents,
        );
        assert.deepEqual(emitted.diagnostics, []);
        assert.deepEqual(readDiagnostics, []);
        assert.equal(read.agents.length, 1);
        const [back] = read.agents;
        const prefix = client.pack.core_skill_prefix ?? "";
        assert.deepEqual(
          { ...back, position: undefined },
          {
            name: prefix !== "" && name.startsWith(prefix) ? name.slice(prefix.length) : name,
            description,
            ...(model !== undefined ? { model } : {}),
            body,
            position: undefined,
          },
        );
      }),
      { numRuns: 150 },
    );
  });
});
