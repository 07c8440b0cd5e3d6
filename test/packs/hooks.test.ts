import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import type { ClientPack } from "../../src/clients/model.js";
import type { OwnedEntry } from "../../src/compose/model.js";
import { type CoreHook, hookEvents, toolEvents, verbs } from "../../src/core/model.js";
import type { Position } from "../../src/diagnostics/diagnostic.js";
import { hooksSection } from "../../src/packs/hooks/section.js";
import type { ReadReport } from "../../src/packs/section.js";
import { slotsOf } from "../../src/packs/shared/template-slots.js";

type HooksClient = ClientPack & { hooks: NonNullable<ClientPack["hooks"]> };
const packs = builtinClientPacks()
  .map((loaded) => loaded.pack)
  .filter((pack): pack is HooksClient => pack.hooks !== undefined);
const position: Position = { file: "core/hooks.json", line: 1, column: 1 };
const settings = hooksSection.settings;
if (!settings) throw new Error("the hooks section has no settings side");

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

/** The file the entries make: an element entry joins the list at its path. */
function document(entries: OwnedEntry[]) {
  const root: Record<string, unknown> = {};
  for (const { path, value, element } of entries) {
    let node = root;
    for (const key of path.slice(0, -1)) {
      node[String(key)] ??= {};
      node = node[String(key)] as Record<string, unknown>;
    }
    const last = String(path.at(-1));
    if (element) node[last] = [...((node[last] as unknown[] | undefined) ?? []), value];
    else node[last] = value;
  }
  return { file: "settings", value: root, positionOf: () => position };
}

function reportInto(found: string[]): ReadReport {
  return {
    assistant: "test",
    unowned: (path, why) => found.push(`${path.join(".")}: ${why ?? "no neutral form"}`),
    extrasAgree: (_, extras, container) => Object.keys(extras ?? {}).filter((key) => key in container),
    adjusted: (_, message) => found.push(message),
  };
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
  for (const pack of packs)
    it(`${pack.client}: reads back every hook it writes whole (no cannot row), reporting nothing left out`, () => {
      let whole = 0;
      fc.assert(
        fc.property(hook, (x) => {
          const written = fit(pack, x);
          const emitted = settings.emit(pack, { core: { hooks: [written] } as never });
          if (emitted.rows.some((row) => row.enforcement !== "enforced")) return;
          whole++;
          const found = settings.nothingFound() as { hooks: CoreHook[]; guard: boolean };
          const reports: string[] = [];
          const entries = emitted.parts.flatMap((part) => part.entries);
          settings.read(pack, document(entries), reportInto(reports), found);
          assert.deepEqual(reports, [], JSON.stringify(entries));
          assert.equal(found.guard, false);
          assert.equal(found.hooks.length, 1, JSON.stringify(found.hooks));
          assert.deepEqual(
            comparable(pack, found.hooks[0] as CoreHook),
            comparable(pack, written),
            JSON.stringify(entries),
          );
        }),
        { numRuns: 150 },
      );
      assert.ok(whole >= 10, `only ${whole} of 150 hooks were written whole`);
    });
});
