import type { Fixture } from "../../src/diagnostics/check-meta.js";
import { ruleFile, sourcesWith, withBase } from "../../src/diagnostics/fixture-base.js";
import { configMatchesSchema } from "../../src/documents/checks/config-matches-schema.js";
import { jsonIsWellFormed } from "../../src/documents/checks/json-is-well-formed.js";
import { registryFilesAreReadable } from "../../src/documents/checks/registry-files-are-readable.js";
import { duplicateSlugResolvedByKind } from "../../src/registry/checks/duplicate-slug-resolved-by-kind.js";
import { frontmatterIsWellFormed } from "../../src/registry/checks/frontmatter-is-well-formed.js";
import { frontmatterMatchesSchema } from "../../src/registry/checks/frontmatter-matches-schema.js";
import { headingYieldsSlug } from "../../src/registry/checks/heading-yields-slug.js";
import { remoteSourceFetched } from "../../src/registry/checks/remote-source-fetched.js";
import { slugUniqueInSource } from "../../src/registry/checks/slug-unique-in-source.js";
import { supersededRuleDropped } from "../../src/registry/checks/superseded-rule-dropped.js";
import { supersedesNamesARule } from "../../src/registry/checks/supersedes-names-a-rule.js";
import { textBelongsToARule } from "../../src/registry/checks/text-belongs-to-a-rule.js";
import { checkTable, locate } from "../support/check-harness.js";

const source = (name: string, kind: string, path: string, extra: object = {}) => ({
  name,
  kind,
  path,
  ...extra,
});
const sources = (list: object[]) => sourcesWith({ sources: list });
const custom = source("custom", "custom", "rules");
const extra = (text: string): Fixture => withBase({ "rules/extra.md": text });

const trailingComma = withBase({ "targets.json": '{"version": 1, "targets": [],}\n' });
const comment = withBase({ "sources.json": '// where rules come from\n{"version": 1}\n' });

checkTable(jsonIsWellFormed, {
  valid: [{ name: "the base registry", files: withBase({}) }],
  invalid: [
    {
      name: "a trailing comma",
      files: trailingComma,
      findings: [
        { ...locate(trailingComma, "targets.json", "}"), message: "malformed JSON: expected a value" },
        { ...locate(trailingComma, "targets.json", "}"), message: "malformed JSON" },
      ],
    },
    {
      name: "a comment",
      files: comment,
      findings: [{ file: "sources.json", line: 1, column: 1, message: "comments are not allowed" }],
    },
  ],
});

const typo = withBase({ "sources.json": sources([{ ...custom, enabeld: true }]) });
const badKind = withBase({ "sources.json": sources([{ ...custom, kind: "vendor" }]) });

checkTable(configMatchesSchema, {
  valid: [{ name: "the base registry", files: withBase({}) }],
  invalid: [
    {
      name: "an unknown key, at the key",
      files: typo,
      findings: [{ ...locate(typo, "sources.json", '"enabeld"'), message: 'Unexpected key "enabeld"' }],
    },
    {
      name: "a value outside an enum, at the value",
      files: badKind,
      findings: [
        { ...locate(badKind, "sources.json", '"vendor"'), message: "Unexpected value at sources[0].kind" },
      ],
    },
  ],
});

const missingFolder = withBase({ "sources.json": sources([custom, source("team", "community", "nowhere")]) });
const binary = withBase({ "rules/extra.md": "# Extra\n\u0000\n" });

checkTable(registryFilesAreReadable, {
  valid: [
    {
      name: "a disabled source may lack its folder",
      files: withBase({
        "sources.json": sources([custom, source("team", "community", "nowhere", { enabled: false })]),
      }),
    },
  ],
  invalid: [
    {
      name: "a missing source folder, at its path",
      files: missingFolder,
      findings: [
        {
          ...locate(missingFolder, "sources.json", '"nowhere"'),
          message: '"nowhere" of source "team" does not exist',
        },
      ],
    },
    {
      name: "a rule file with a NUL byte",
      files: binary,
      findings: [{ file: "rules/extra.md", line: 1, column: 1, message: "rules/extra.md" }],
    },
  ],
});

const unclosed = extra("---\nscope: global\n# Extra\n\nText.\n");
const duplicateKey = extra("---\nscope: global\nscope: scoped\n---\n# Extra\n\nText.\n");

checkTable(frontmatterIsWellFormed, {
  valid: [
    { name: "no frontmatter at all", files: extra("# Extra\n\nText.\n") },
    { name: "an empty block", files: extra("---\n---\n# Extra\n\nText.\n") },
  ],
  invalid: [
    {
      name: "a block never closed, at its first line",
      files: unclosed,
      findings: [{ file: "rules/extra.md", line: 1, column: 1, message: "never closed" }],
    },
    {
      name: "a key given twice, at the second",
      files: duplicateKey,
      findings: [{ ...locate(duplicateKey, "rules/extra.md", "scope", 1), message: "malformed YAML" }],
    },
  ],
});

const unknownKey = extra(ruleFile(["scope: global", "glob: ['**/*.ts']"], "# Extra", ["Text."]));
const wrongType = extra(ruleFile(["scope: everywhere"], "# Extra", ["Text."]));

checkTable(frontmatterMatchesSchema, {
  valid: [{ name: "every known key", files: withBase({}) }],
  invalid: [
    {
      name: "an unknown key",
      files: unknownKey,
      findings: [{ ...locate(unknownKey, "rules/extra.md", "glob:"), message: 'Unexpected key "glob"' }],
    },
    {
      name: "a scope outside the enum",
      files: wrongType,
      findings: [
        { ...locate(wrongType, "rules/extra.md", "everywhere"), message: "Unexpected value at scope" },
      ],
    },
  ],
});

const stray = extra("---\nscope: global\n---\nIntro text.\n# Extra\n\nText.\n");
const noHeading = extra("---\nscope: global\n---\nSome text.\n");

checkTable(textBelongsToARule, {
  valid: [
    {
      name: "blank lines before the heading",
      files: extra("---\nscope: global\n---\n\n\n# Extra\n\nText.\n"),
    },
    { name: "a '#' inside a code fence is no heading", files: extra("# Extra\n\n```sh\n# comment\n```\n") },
  ],
  invalid: [
    {
      name: "text before the first heading",
      files: stray,
      findings: [{ ...locate(stray, "rules/extra.md", "Intro"), message: "Text before the first heading" }],
    },
    {
      name: "a file without a heading",
      files: noHeading,
      findings: [{ ...locate(noHeading, "rules/extra.md", "Some"), message: "holds no '#' or '##' heading" }],
    },
  ],
});

const noSlug = extra("# ¿?\n\nText.\n");

checkTable(headingYieldsSlug, {
  valid: [
    { name: "a heading with Latin letters among others", files: extra("# 命名規則 (naming)\n\nText.\n") },
  ],
  invalid: [
    {
      name: "punctuation only",
      files: noSlug,
      findings: [
        { file: "rules/extra.md", line: 1, column: 1, message: 'The heading "¿?" yields an empty slug' },
      ],
    },
  ],
});

const twice = extra("# Extra\n\nOne.\n\n## EXTRA!\n\nTwo.\n");

checkTable(slugUniqueInSource, {
  valid: [{ name: "distinct headings", files: extra("# Extra\n\nOne.\n\n## More\n\nTwo.\n") }],
  invalid: [
    {
      name: "two headings that slugify alike, at the second",
      files: twice,
      findings: [{ ...locate(twice, "rules/extra.md", "## EXTRA!"), message: "rules/extra.md:1:1" }],
    },
  ],
});

const twoSources = (second: object) => sources([custom, second]);
const overridden = withBase({
  "sources.json": twoSources(source("shared", "community", "shared")),
  "shared/style.md": "# Code Style\n\nOld.\n",
});
const sameKind = withBase({
  "sources.json": twoSources(source("team", "custom", "team")),
  "team/style.md": "# Code Style\n\nOld.\n",
});

checkTable(duplicateSlugResolvedByKind, {
  valid: [
    {
      name: "no shared slug",
      files: withBase({
        "sources.json": twoSources(source("shared", "community", "shared")),
        "shared/a.md": "# A\n\nText.\n",
      }),
    },
  ],
  invalid: [
    {
      name: "a lower kind loses (info), at the loser",
      files: overridden,
      findings: [
        { file: "shared/style.md", line: 1, column: 1, severity: "info", message: "overridden by custom" },
      ],
    },
    {
      name: "the same kind: source order decides (warning)",
      files: sameKind,
      findings: [{ file: "team/style.md", line: 1, column: 1, severity: "warning", message: "code-style" }],
    },
  ],
});

const superseding = withBase({
  "rules/old.md": "# Old Style\n\nOld.\n",
  "rules/new.md": ruleFile(["scope: global", "supersedes: old-style"], "# New Style", ["New."]),
});

checkTable(supersededRuleDropped, {
  valid: [{ name: "nothing superseded", files: withBase({}) }],
  invalid: [
    {
      name: "the old rule is dropped, reported at 'supersedes'",
      files: superseding,
      findings: [{ ...locate(superseding, "rules/new.md", "supersedes"), message: '"old-style"' }],
    },
  ],
});

const dangling = withBase({
  "rules/new.md": ruleFile(["scope: global", "supersedes: no-such-rule"], "# New Style", ["New."]),
});

checkTable(supersedesNamesARule, {
  valid: [{ name: "supersedes an existing rule", files: superseding }],
  invalid: [
    {
      name: "a slug no rule has",
      files: dangling,
      findings: [{ ...locate(dangling, "rules/new.md", "supersedes"), message: '"no-such-rule"' }],
    },
  ],
});

const refused = withBase({ "sources.json": sources([{ ...custom, url: "http://127.0.0.1:9/rules.md" }]) });

checkTable(remoteSourceFetched, {
  valid: [{ name: "no url", files: withBase({}) }],
  invalid: [
    {
      name: "a refused fetch falls back to the folder, at the url",
      files: refused,
      findings: [
        {
          ...locate(refused, "sources.json", '"http://127.0.0.1:9/rules.md"'),
          message: "using the folder rules",
        },
      ],
    },
  ],
});
