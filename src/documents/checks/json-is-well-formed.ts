import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { withBase } from "../../diagnostics/fixture-base.js";
import type { JsonSyntaxError } from "../json-document.js";
import { limitFinding } from "./input-within-limits.js";

export const jsonIsWellFormed: InlineCheck = {
  id: "AGC001",
  slug: "json-is-well-formed",
  stage: "load",
  severity: "error",
  title: "Registry JSON files must parse",
  description:
    "sources.json and targets.json are strict JSON: no comments, no trailing commas, double-quoted keys.",
  hint: "Fix the JSON at the position shown; an editor with the $schema set shows the problem as you type.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({ "sources.json": '{ "version": 1, "sources": [], }\n' }),
      expected: [
        "sources.json:1:32: error AGC001 malformed JSON: expected a property name in double quotes",
        "sources.json:1:32: error AGC001 malformed JSON: expected a value",
      ],
    };
  },
};

/** JSON that does not parse (AGC001), or is past an input limit (AGC106), at the parser's places. */
export function jsonSyntaxFindings(errors: readonly JsonSyntaxError[]): Diagnostic[] {
  return errors.map(({ position, message, limit }) =>
    limit ? limitFinding(position, message) : diagnostic(jsonIsWellFormed, { position, message }),
  );
}
