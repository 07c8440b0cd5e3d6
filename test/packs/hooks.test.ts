import assert from "node:assert/strict";
import { describe } from "node:test";
import fc from "fast-check";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import type { ClientPack } from "../../src/clients/model.js";
import { type CoreHook, hookEvents, toolEvents, verbs } from "../../src/core/model.js";
import type { Position } from "../../src/diagnostics/diagnostic.js";
import { hooksSection } from "../../src/packs/hooks/section.js";
import { slotsOf } from "../../src/packs/shared/template-slots.js";
import { roundTripTests } from "./section-round-trip.js";

type HooksClient = ClientPack & { hooks: NonNullable<ClientPack["hooks"]> };
const packs = builtinClientPacks()
  .map((loaded) => loaded.pack)
  .filter((pack): pack is HooksClient => pack.hooks !== undefined);
const position: Position = { file: "core/hooks.json", line: 1, column: 1 };

const hook = fc
  .record(
    {
      event: fc.constantFrom(...hookEvents),
      verbs: fc.uniqueArray(fc.constantFrom(...verbs), { minLength: 1, maxLength: 3 }),
      command: fc.stringMatching(/^[a-z][a-z0-9 ./_-]{0,20}$/),
      timeout: fc.integer({ min: 1, max: 3600 }),
      failClosed: fc.boolean(),
      description: fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,20}$/),
    },
    { requiredKeys: ["event", "command", "failClosed"] },
  )
  .map((h): CoreHook => {
    const { verbs: named, ...rest } = h;
    return { ...rest, ...(named && toolEvents.includes(h.event) ? { verbs: named } : {}), position };
  });

/** The hook cut to the pack's events and the slots of its entry, so that most hooks are ones it writes whole. */
function fit(pack: HooksClient, x: CoreHook): CoreHook {
  const slots = slotsOf(pack.hooks.entry);
  const own = hookEvents.filter((event) => pack.hooks.events[event] !== undefined);
  const event = own.includes(x.event) ? x.event : (own[hookEvents.indexOf(x.event) % own.length] ?? x.event);
  const { verbs: named, ...rest } = x;
  const out: CoreHook = { ...rest, event, ...(named && toolEvents.includes(event) ? { verbs: named } : {}) };
  if (!slots.has("timeout")) delete out.timeout;
  if (!slots.has("description")) delete out.description;
  if (!slots.has("fail_closed")) out.failClosed = false;
  return out;
}

/**
 * A hook as the round trip compares it: verbs as a set, "every tool" whether said (null) or not; a client
 * without matchers runs a hook for every tool (emit says so), and its file cannot say for which verbs.
 */
function comparable(
  pack: HooksClient,
  h: { event: string; verbs?: string[] | null; command: string } & Partial<CoreHook>,
) {
  const matchers = pack.hooks.matcher_join !== undefined && slotsOf(pack.hooks.entry).has("matcher");
  return {
    event: h.event,
    verbs: h.verbs && matchers ? [...h.verbs].sort() : undefined,
    command: h.command,
    timeout: h.timeout,
    failClosed: h.failClosed ?? false,
    description: h.description,
  };
}

describe("packs/hooks: read(emit(hook)) is the hook, for every built-in pack with hooks", () => {
  roundTripTests(packs, hook, {
    section: hooksSection,
    input: (x) => ({ core: { hooks: [x] } }) as never,
    fit,
    found: ({ hooks, guard }, pack) => {
      assert.equal(guard, false);
      assert.equal(hooks.length, 1, JSON.stringify(hooks));
      return comparable(pack, hooks[0] as CoreHook);
    },
    expected: comparable,
  });
});
