import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { withBase } from "../../diagnostics/fixture-base.js";
import { type YamlError, yamlErrors } from "../../documents/yaml-frontmatter.js";

export const frontmatterIsWellFormed: InlineCheck = {
  id: "AGC004",
  slug: "frontmatter-is-well-formed",
  stage: "load",
  severity: "error",
  title: "Rule frontmatter must be a closed YAML mapping",
  description:
    "A rule file may start with a YAML block between two '---' lines. It must be closed, parse as YAML and be a mapping. An anchor that nothing refers to (a value written as '&copy text') is refused too: YAML would drop '&copy' from the value without a word.",
  hint: "Close the block with a line holding only '---' and fix the YAML at the position shown.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({ "rules/extra.md": "---\nscope: [global\n---\n# Extra\n\nText.\n" }),
      expected: [
        "rules/extra.md:2:15: error AGC004 malformed YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
      ],
    };
  },
};

/** A frontmatter block opened at `position` and never closed. */
export function unclosedFrontmatterFinding(position: Position): Diagnostic {
  return diagnostic(frontmatterIsWellFormed, { position, message: "Frontmatter block is never closed" });
}

/** The YAML errors of a rule's frontmatter (a limit passed is the input-limits check's). */
export function ruleYamlFindings(errors: YamlError[]): Diagnostic[] {
  return yamlErrors(errors, frontmatterIsWellFormed);
}
