import assert from "node:assert/strict";
import { it } from "node:test";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import type { OwnedEntry } from "../../src/compose/model.js";
import type { Position } from "../../src/diagnostics/diagnostic.js";
import type { PackBase, ReadDocument, ReadReport, Section, SectionInput } from "../../src/packs/section.js";
import type { OwnedFile } from "../../src/packs/shared/items/emit-context.js";
import type { ItemReadContext } from "../../src/packs/shared/items/read-context.js";
import type { SettingsOutcome } from "../../src/packs/shared/settings-part.js";

/** How one section's round trip read(emit(x)) = x is run and compared. */
export interface RoundTrip<Pack extends PackBase, X, Found> {
  section: Section<NoInfer<Pack>, Found>;
  /** What the section compiles from, holding x alone. */
  input(x: X): SectionInput;
  /** x cut to what the pack can say (its slots, events, transports), so that most values are written whole. */
  fit(pack: Pack, x: X): X;
  /** What the reader found, as it compares with `expected`: it throws when it found other than one value. */
  found(found: Found, pack: Pack, x: X): unknown;
  expected(pack: Pack, x: X): unknown;
  /** The pack as x sets it, for a section whose values are the pack's own (the guard's wiring); default the pack. */
  packOf?(pack: Pack, x: X): Pack;
  /** What the sections read before this one found (a reader with a later readRank recognises it); default nothing. */
  seen?(pack: Pack, x: X): object;
  /** Whether x was written whole; default: no capability row is "cannot". */
  whole?(emitted: SettingsOutcome): boolean;
}

const position: Position = { file: "settings", line: 1, column: 1 };

/**
 * For each pack, a fast-check property: every value the pack writes whole (no "cannot" capability row; a
 * partial row is written, and holds only in part) is read back as it was, and the reader reports nothing left
 * out or changed. The section's whole files (an exec policy's lines) are read back from what it wrote.
 */
export function roundTripTests<Pack extends PackBase, X, Found>(
  packs: readonly Pack[],
  values: fc.Arbitrary<X>,
  trip: RoundTrip<Pack, X, Found>,
): void {
  const settings = trip.section.settings;
  if (!settings) throw new Error(`the ${trip.section.name} section has no settings side`);
  for (const pack of packs)
    it(`${pack.client}: reads back each value it writes whole (no cannot row), reporting nothing left out`, () => {
      let whole = 0;
      let runs = 0;
      // 150 values at a time until at least 10 were written whole: for a pack that writes few shapes whole
      // (Codex: read rules only) 150 random values gave 9 now and then.
      for (; whole < 10 && runs < 750; runs += 150)
        fc.assert(
          fc.property(values, (value) => {
            const x = trip.fit(pack, value);
            const packWritten = trip.packOf?.(pack, x) ?? pack;
            const emitted = settings.emit(packWritten, trip.input(x));
            if (!(trip.whole ?? noneCannot)(emitted)) return;
            whole++;
            const entries = emitted.parts.flatMap((part) => part.entries);
            const found = { ...trip.seen?.(pack, x), ...settings.nothingFound() } as Found;
            const reports: string[] = [];
            for (const file of new Set(emitted.parts.map((part) => part.file))) {
              const inFile = emitted.parts
                .filter((part) => part.file === file)
                .flatMap((part) => part.entries);
              settings.read(packWritten, documentOf(inFile, file), reportInto(reports), found);
            }
            settings.readFiles?.(filesContext(emitted.files ?? [], reports), packWritten, found);
            // what was written, made only when an assertion fails: the guard's program alone is 150 KB
            const written = () =>
              JSON.stringify({ entries, files: emitted.files?.map((f) => f.bytes.toString()) });
            assert.deepEqual(reports, [], reports.length === 0 ? undefined : written());
            const [back, expected] = [trip.found(found, pack, x), trip.expected(pack, x)];
            assert.deepEqual(back, expected, isDeepStrictEqual(back, expected) ? undefined : written());
          }),
          { numRuns: 150 },
        );
      assert.ok(whole >= 10, `only ${whole} of ${runs} values were written whole`);
    });
}

/** What the test takes as written whole by default: no promise the client cannot express. */
function noneCannot(emitted: SettingsOutcome): boolean {
  return !emitted.rows.some((row) => row.enforcement === "cannot");
}

/** The settings file the entries make, as import reads it: an element entry joins the list at its path. */
export function documentOf(entries: OwnedEntry[], file = "settings"): ReadDocument {
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
  return { file, value: root, positionOf: () => position };
}

/** The whole files a section wrote, as its reader of them finds them in a project: nothing else is there. */
function filesContext(files: readonly OwnedFile[], said: string[]): ItemReadContext {
  const text = (path: string) => files.find((file) => file.path === path)?.bytes;
  return {
    reader: {
      entry: (path) => {
        const bytes = text(path);
        return bytes ? { kind: "file", size: bytes.length, executable: false } : { kind: "missing" };
      },
      list: () => [],
      filesBelow: () => [],
      readBytes: (path) => {
        const bytes = text(path);
        return bytes ? { ok: true, bytes } : { ok: false, reason: "is missing", reported: false };
      },
    },
    assistant: "test",
    seen: new Set(),
    items: { rules: [], skills: [], agents: [], commands: [] },
    files: [],
    report: {
      text: (path) => {
        const bytes = text(path);
        return bytes && { text: bytes.toString("utf8"), bytes };
      },
      leftOut: (_, message) => said.push(message),
      adjusted: (_, message) => said.push(message),
      unreadable: (_, message) => said.push(message),
    },
  };
}

/** A report that keeps what the reader says it left out or changed, in words. */
export function reportInto(said: string[]): ReadReport {
  return {
    assistant: "test",
    unowned: (path, why) => said.push(`${path.join(".")}: ${why ?? "no neutral form"}`),
    extrasAgree: (_, extras, container) => Object.keys(extras ?? {}).filter((key) => key in container),
    adjusted: (_, message) => said.push(message),
  };
}
