import assert from "node:assert/strict";
import { describe } from "node:test";
import fc from "fast-check";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import type { ClientPack } from "../../src/clients/model.js";
import type { Verb } from "../../src/core/model.js";
import type { GuardWiring } from "../../src/packs/guard/model.js";
import { guardSection } from "../../src/packs/guard/section.js";
import { hooksSection } from "../../src/packs/hooks/section.js";
import type { Section } from "../../src/packs/section.js";
import { slotsOf } from "../../src/packs/shared/template-slots.js";
import { roundTripTests } from "./section-round-trip.js";

type GuardClient = ClientPack & { guard: GuardWiring; hooks: NonNullable<ClientPack["hooks"]> };
const packs = builtinClientPacks()
  .map((loaded) => loaded.pack)
  .filter((pack): pack is GuardClient => pack.guard !== undefined && pack.hooks?.hook_can_block === true);

/** The wiring's choices a pack may make: how it fails, whether it asks, its time limit and verbs. */
type Choices = Pick<GuardWiring, "fail_closed" | "ask" | "timeout"> & { verbs: Verb[] };

const choices: fc.Arbitrary<Choices> = fc.record(
  {
    fail_closed: fc.boolean(),
    ask: fc.boolean(),
    timeout: fc.integer({ min: 6, max: 600 }),
    verbs: fc.uniqueArray(fc.constantFrom<Verb>("read", "grep", "glob", "edit", "exec", "fetch", "mcp"), {
      minLength: 1,
      maxLength: 7,
    }),
  },
  { requiredKeys: ["verbs"] },
);

/**
 * The guard is emitted by its own section and read back by the hooks section's reader, which tells its
 * entry from the project's hooks (hooks/guard-command.ts).
 */
const written: Section<GuardClient, { hooks: unknown[]; guard: boolean }> = {
  ...guardSection,
  settings: {
    ...(guardSection.settings as NonNullable<typeof guardSection.settings>),
    read: (pack, document, report, found) =>
      hooksSection.settings?.read(pack, document, report, found as never) ?? [],
    nothingFound: () => ({ hooks: [], guard: false }),
  },
};

/**
 * read(emit(x)) ≡ x: wherever the pack's wiring (x) writes the guard's hook entries, the reader finds the
 * guard in them, takes none of them for a project's hook, and reports nothing left out.
 */
describe("packs/guard: read(emit(x)) is x, for every built-in pack whose hooks can block", () => {
  roundTripTests(packs, choices, {
    section: written,
    input: () =>
      ({ core: { hooks: [] }, targets: {}, targetsDocument: { positionOf: () => position } }) as never,
    fit: (pack, x) => (slotsOf(pack.hooks.entry).has("timeout") ? x : { ...x, timeout: undefined }),
    packOf: (pack, x) => ({ ...pack, guard: { ...pack.guard, ...x } }),
    whole: (emitted) => emitted.parts.length > 0,
    found: (found) => {
      assert.deepEqual(found.hooks, []);
      return found.guard;
    },
    expected: () => true,
  });
});

const position = { file: "targets.json", line: 1, column: 1 };
