import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { withBase } from "../../diagnostics/fixture-base.js";

export const linksFormNoLoop: InlineCheck = {
  id: "AGC105",
  slug: "links-form-no-loop",
  stage: "load",
  severity: "error",
  title: "Symbolic links in the registry form no loop",
  description:
    "A link to itself, a chain of links that comes back to its start, or a link to a folder that holds the link would make reading the registry go on forever. Such a link is reported and not followed.",
  hint: "Remove the link, or point it at a file or at a folder that does not hold it.",
  get examples() {
    return {
      passing: withBase({ "rules/shared/testing.md": "# Testing\n\nRun the tests before you push.\n" }),
      failing: withBase({ "rules/shared/testing.md": "# Testing\n\nRun the tests before you push.\n" }),
      failingLinks: { "rules/shared/again": "." },
      expected: [
        "rules/shared/again:1:1: error AGC105 rules/shared/again is a link to rules/shared, a folder that holds the link, so reading it would never end",
      ],
    };
  },
};

/** A link to a folder that holds it (`ancestor`, "" for the registry folder): following it would never end. */
export function linkToHolderFinding(path: string, ancestor: string): Diagnostic {
  const held = ancestor === "" ? "the registry folder" : ancestor;
  return diagnostic(linksFormNoLoop, {
    position: { file: path, line: 1, column: 1 },
    message: `${path} is a link to ${held}, a folder that holds the link, so reading it would never end`,
  });
}

/** A chain of links that comes back to where it started. */
export function linkLoopFinding(path: string): Diagnostic {
  return diagnostic(linksFormNoLoop, {
    position: { file: path, line: 1, column: 1 },
    message: `${path} is a link that leads back to itself through a loop of links`,
  });
}
