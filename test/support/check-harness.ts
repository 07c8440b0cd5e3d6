import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Check } from "../../src/checks/check.js";
import type { Fixture } from "../../src/diagnostics/check-meta.js";
import type { Diagnostic, Severity } from "../../src/diagnostics/diagnostic.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { testdir } from "./testdir.js";

/** One finding a case expects: where, how severe, and a fragment of the message. */
export interface ExpectedFinding {
  file: string;
  line: number;
  column: number;
  message: string | RegExp;
  severity?: Severity;
}

export interface ValidCase {
  name: string;
  files: Fixture;
}

export interface InvalidCase extends ValidCase {
  findings: ExpectedFinding[];
}

/** Compiles a fixture written to a fresh folder (offline: no fetch) and returns the diagnostics of one check. */
export async function findingsOf(check: Check, files: Fixture): Promise<Diagnostic[]> {
  const result = await compileRegistry(testdir(files), { offline: true });
  return result.diagnostics.filter((d) => d.id === check.id);
}

/** How a table gets a check's diagnostics for a fixture: by default the whole compile. */
export type Collect = (check: Check, files: Fixture) => Diagnostic[] | Promise<Diagnostic[]>;

/**
 * ESLint-RuleTester-style tables: valid cases yield nothing from the check, invalid ones exactly the findings
 * listed. `collect` runs less than the whole compile where a check is raised early (a loader alone).
 */
export function checkTable(
  check: Check,
  table: { valid: ValidCase[]; invalid: InvalidCase[] },
  collect: Collect = findingsOf,
): void {
  describe(`${check.id} ${check.slug}`, () => {
    for (const valid of table.valid) {
      it(`valid: ${valid.name}`, async () => {
        assert.deepEqual((await collect(check, valid.files)).map(show), []);
      });
    }
    for (const invalid of table.invalid) {
      it(`invalid: ${invalid.name}`, async () => {
        const found = await collect(check, invalid.files);
        const unmatched = [...found];
        for (const expected of invalid.findings) {
          const want = place({ severity: check.severity, ...expected });
          const index = unmatched.findIndex((d) => place(d) === want && matches(d.message, expected.message));
          assert.ok(index >= 0, `expected ${want} ${expected.message}; got:\n${found.map(show).join("\n")}`);
          unmatched.splice(index, 1);
        }
        assert.deepEqual(unmatched.map(show), [], "findings no case expects");
      });
    }
  });
}

function matches(message: string, expected: string | RegExp): boolean {
  return typeof expected === "string" ? message.includes(expected) : expected.test(message);
}

function show(d: Diagnostic): string {
  return `${place(d)} ${d.message}`;
}

function place(d: Pick<Diagnostic, "file" | "line" | "column"> & { severity?: Severity }): string {
  return `${d.severity} ${d.file}:${d.line}:${d.column}`;
}

/** Position of the nth occurrence of needle in a fixture file, found by plain text search. */
export function locate(
  files: Fixture,
  file: string,
  needle: string,
  nth = 0,
): { file: string; line: number; column: number } {
  const text = files[file] ?? "";
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = text.indexOf(needle, offset + 1);
  assert.ok(offset >= 0, `"${needle}" not found in ${file}`);
  const before = text.slice(0, offset).split("\n");
  return { file, line: before.length, column: (before.at(-1) ?? "").length + 1 };
}
