import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { withBase } from "../../diagnostics/fixture-base.js";

export const jsonIsWellFormed: InlineCheck = {
  id: "AGC001",
  slug: "json-is-well-formed",
  stage: "load",
  severity: "error",
  title: "Registry JSON files must parse",
  description:
    "sources.json and targets.json are strict JSON: no comments, no trailing commas, double-quoted keys.",
  hint: "Fix the JSON at the position shown; an editor with the $schema set shows the problem as you type.",
  examples: {
    passing: withBase({}),
    failing: withBase({ "sources.json": '{ "version": 1, "sources": [], }\n' }),
    expected: [
      "sources.json:1:32: error AGC001 malformed JSON: expected a property name in double quotes",
      "sources.json:1:32: error AGC001 malformed JSON: expected a value",
    ],
  },
};
