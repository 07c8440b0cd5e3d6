import { adapterIsComplete } from "../../src/checks/registry/adapter-is-complete.js";
import { adapterOutputsDisjoint } from "../../src/checks/registry/adapter-outputs-disjoint.js";
import { frontmatterTemplateValid } from "../../src/checks/registry/frontmatter-template-valid.js";
import { installPathsSafe } from "../../src/checks/registry/install-paths-safe.js";
import { installSourcesExist } from "../../src/checks/registry/install-sources-exist.js";
import { oneSingleFileAdapter } from "../../src/checks/registry/one-single-file-adapter.js";
import { publishRewritesAreSegments } from "../../src/checks/registry/publish-rewrites-are-segments.js";
import { templateSlotsHaveValues } from "../../src/checks/registry/template-slots-have-values.js";
import type { Fixture } from "../../src/diagnostics/check-meta.js";
import { agentsMdAdapter, ruleFile, targetsWith, withBase } from "../../src/diagnostics/fixture-base.js";
import { checkTable, locate } from "../support/check-harness.js";

const flat = { id: "rules", output_dir: ".rules", extension: ".md", scoped_layout: "flat" };
const targets = (adapters: object[], extra: object = {}): Fixture =>
  withBase({ "targets.json": targetsWith(adapters, extra) });
const at = (files: Fixture, needle: string, nth = 0) => locate(files, "targets.json", needle, nth);

const noSingle = targets([{ ...agentsMdAdapter, global_placement: "pinned_module" }]);
const twoSingles = targets([agentsMdAdapter, { ...agentsMdAdapter, id: "second", output_dir: "docs" }]);
const builtinPlusOwn = withBase({
  "targets.json": `${JSON.stringify({ version: 1, builtin_adapters: ["agents-md"], targets: [{ ...agentsMdAdapter, id: "own", output_dir: "x" }] }, null, 2)}\n`,
});
const noTargetsKey = withBase({ "targets.json": '{"version": 1, "builtin_adapters": "none"}\n' });

checkTable(oneSingleFileAdapter, {
  valid: [
    { name: "one single_file adapter", files: withBase({}) },
    { name: "the built-in agents-md", files: withBase({ "targets.json": '{"version": 1}\n' }) },
    // A registry's own single_file adapter replaces the chosen built-in one (AGC130 says so).
    { name: "an own single_file adapter next to the chosen built-in one", files: builtinPlusOwn },
  ],
  invalid: [
    {
      name: "none: at targets",
      files: noSingle,
      findings: [{ ...at(noSingle, '"targets"'), message: "without a single_file adapter" }],
    },
    {
      name: "none and no targets key: at the top",
      files: noTargetsKey,
      findings: [{ file: "targets.json", line: 1, column: 1, message: "expected exactly one" }],
    },
    {
      name: "two: at the second one's global_placement",
      files: twoSingles,
      findings: [{ ...at(twoSingles, '"single_file"', 1), message: 'second single_file adapter "second"' }],
    },
  ],
});

const withTemplate = (frontmatter: string | string[]) => targets([agentsMdAdapter, { ...flat, frontmatter }]);
const noOpen = withTemplate(["paths: {globs}", "---"]);
const noClose = withTemplate(["---", "paths: {globs}"]);
const unknownSlot = withTemplate(["---", "paths: {glob}", "name: {name}", "---"]);
const oneLine = withTemplate("---");

checkTable(frontmatterTemplateValid, {
  valid: [
    { name: "a list template with known slots", files: withTemplate(["---", "globs: {globs_csv}", "---"]) },
    {
      name: "a string template",
      files: withTemplate("---\ndescription: {description}\nname: {slug}\n---\n"),
    },
    { name: "no template", files: targets([agentsMdAdapter, flat]) },
  ],
  invalid: [
    {
      name: "no opening line",
      files: noOpen,
      findings: [{ ...at(noOpen, '"paths: {globs}"'), message: 'first template line "paths: {globs}"' }],
    },
    {
      name: "no closing line",
      files: noClose,
      findings: [{ ...at(noClose, '"paths: {globs}"'), message: 'last template line: "paths: {globs}"' }],
    },
    {
      name: "unknown slots, each at its line",
      files: unknownSlot,
      findings: [
        { ...at(unknownSlot, '"paths: {glob}"'), message: 'slot "{glob}"' },
        { ...at(unknownSlot, '"name: {name}"'), message: 'slot "{name}"' },
      ],
    },
    {
      name: "a string template of one line",
      files: oneLine,
      findings: [{ ...at(oneLine, '"---"'), message: "no closing line" }],
    },
  ],
});

const seedAdapter = (seeds: object) => ({
  ...agentsMdAdapter,
  install: { seeds, owned_assets: [{ source: "assets/run.sh", install: "bin/run.sh", kind: "program" }] },
});
const seedFiles = { "seeds/a.json": "{}\n", "seeds/b.json": "{}\n", "assets/run.sh": "#!/bin/sh\n" };
const oneSet = { source_dir: "seeds", install_dir: ".cfg", files: ["a.json", "b.json"] };
const missingInList = {
  ...targets([seedAdapter([oneSet, { ...oneSet, source_dir: "more", files: ["c.json"] }])]),
  ...seedFiles,
};
const missingAsset = { ...targets([seedAdapter(oneSet)]), "seeds/a.json": "{}\n" };

checkTable(installSourcesExist, {
  valid: [{ name: "every file present", files: { ...targets([seedAdapter(oneSet)]), ...seedFiles } }],
  invalid: [
    {
      name: "a seed of the second set",
      files: missingInList,
      findings: [{ ...at(missingInList, '"c.json"'), message: 'missing file "more/c.json"' }],
    },
    {
      name: "an owned asset and a seed",
      files: missingAsset,
      findings: [
        { ...at(missingAsset, '"b.json"'), message: 'missing file "seeds/b.json"' },
        { ...at(missingAsset, '"assets/run.sh"'), message: 'missing file "assets/run.sh"' },
      ],
    },
  ],
});

const dupIds = targets([agentsMdAdapter, flat, { ...flat, output_dir: ".other" }]);
const sameDir = targets([agentsMdAdapter, flat, { ...flat, id: "copy" }]);
const around = targets([agentsMdAdapter, { ...flat, output_dir: ".rules/deep" }, { ...flat, id: "outer" }]);

const foreign = {
  ...targets([
    {
      ...agentsMdAdapter,
      output_dir: "",
      install: { owned_assets: [{ source: "a.sh", install: ".rules/a.sh", kind: "program" }] },
    },
    flat,
  ]),
  "a.sh": "#!/bin/sh\n",
};
const pinnedInside = targets([
  { ...agentsMdAdapter, output_dir: ".rules/always" },
  { ...flat, output_dir: ".rules" },
]);

checkTable(adapterOutputsDisjoint, {
  valid: [
    {
      name: "siblings, a prefix that is no parent, and root files",
      files: targets([
        agentsMdAdapter,
        flat,
        { ...flat, id: "b", output_dir: ".rules-b" },
        { ...flat, id: "c", output_dir: "" },
      ]),
    },
  ],
  invalid: [
    {
      name: "two targets[] entries with one id",
      files: dupIds,
      findings: [{ ...at(dupIds, '"rules"', 1), message: 'second adapter with id "rules" (targets[1]' }],
    },
    {
      name: "the same folder",
      files: sameDir,
      findings: [{ ...at(sameDir, '".rules"', 1), message: 'the same as ".rules" of adapter "rules"' }],
    },
    {
      name: "a folder around an earlier one",
      files: around,
      findings: [{ ...at(around, '".rules"'), message: 'around ".rules/deep"' }],
    },
    {
      name: "an asset installed into another adapter's folder",
      files: foreign,
      findings: [
        { ...at(foreign, '".rules/a.sh"'), message: 'Unexpected .rules/a.sh from adapter "agents-md"' },
      ],
    },
    {
      name: "an always-on file inside another adapter's folder, and the folders nested",
      files: pinnedInside,
      findings: [
        { ...at(pinnedInside, '".rules"'), message: 'around ".rules/always"' },
        { ...at(pinnedInside, '"AGENTS"'), message: "Unexpected .rules/always/AGENTS.md" },
      ],
    },
  ],
});

const skills = {
  id: "team-skills",
  output_dir: ".skills",
  scoped_layout: "per_rule_dir",
  per_rule_filename: "SKILL.md",
  frontmatter: ["---", "name: {slug}", "description: {description}", "---"],
  skip_globs: ["**/*"],
};
const deploy = (globs: string, matter: string[] = []) =>
  ruleFile(["scope: scoped", `globs: ${globs}`, ...matter], "# Deploy", ["- Steps."]);
const undescribed = { ...targets([agentsMdAdapter, skills]), "rules/deploy.md": deploy('["deploy/**"]') };

checkTable(templateSlotsHaveValues, {
  valid: [
    {
      name: "with a description",
      files: {
        ...undescribed,
        "rules/deploy.md": deploy('["deploy/**"]', ["description: Use when deploying."]),
      },
    },
    { name: "the adapter skips the rule", files: { ...undescribed, "rules/deploy.md": deploy('["**/*"]') } },
    {
      name: "the adapter writes no scoped files",
      files: { ...undescribed, ...targets([agentsMdAdapter, { ...skills, scoped_layout: "none" }]) },
    },
    {
      name: "the template has no {description}",
      files: {
        ...undescribed,
        ...targets([agentsMdAdapter, { ...skills, frontmatter: ["---", "name: {slug}", "---"] }]),
      },
    },
  ],
  invalid: [
    {
      name: "a skill without a description",
      files: undescribed,
      findings: [
        { ...locate(undescribed, "rules/deploy.md", "# Deploy"), message: '"team-skills" write it' },
      ],
    },
  ],
});

const missingName = targets([{ ...agentsMdAdapter, id: "always-on", pinned_global_name: undefined }]);
const perRuleDir = targets([
  agentsMdAdapter,
  { id: "dirs", output_dir: ".dirs", scoped_layout: "per_rule_dir" },
]);
const flatNoExt = targets([agentsMdAdapter, { id: "flat", output_dir: ".flat", scoped_layout: "flat" }]);
const foldNowhere = targets([agentsMdAdapter, { ...flat, scoped_layout: "none", scoped_fallback: "fold" }]);

checkTable(adapterIsComplete, {
  valid: [
    { name: "the built-in adapters", files: withBase({ "targets.json": '{"version": 1}\n' }) },
    {
      name: "fold into a pinned module",
      files: targets([
        agentsMdAdapter,
        {
          ...flat,
          global_placement: "pinned_module",
          pinned_global_name: "all",
          scoped_layout: "none",
          scoped_fallback: "fold",
        },
      ]),
    },
  ],
  invalid: [
    {
      name: "single_file without pinned_global_name",
      files: missingName,
      findings: [{ ...at(missingName, '"single_file"'), message: "without pinned_global_name" }],
    },
    {
      name: "per_rule_dir without per_rule_filename",
      files: perRuleDir,
      findings: [{ ...at(perRuleDir, '"per_rule_dir"'), message: "without per_rule_filename" }],
    },
    {
      name: "flat without extension",
      files: flatNoExt,
      findings: [{ ...at(flatNoExt, '"flat"', 1), message: "without extension" }],
    },
    {
      name: "fold without an always-on file",
      files: foldNowhere,
      findings: [{ ...at(foldNowhere, '"fold"'), message: 'scoped_fallback "fold"' }],
    },
  ],
});

const unsafeAdapter = {
  ...flat,
  output_dir: "../up",
  extension: ".md.",
  install: {
    adapter_symlinks: [{ link: "/etc/CLAUDE.md", target: "AGENTS.md" }],
    legacy_cleanup: [".git/hooks/pre-commit"],
    scaffold_dirs: ["a//b"],
    seeds: { source_dir: "../secrets", install_dir: "", files: ["CON"] },
    owned_assets: [{ source: "ok.sh", install: "C:/x.sh", kind: "program" }],
  },
};
const unsafe = {
  ...targets([agentsMdAdapter, unsafeAdapter], {
    tools: [{ name: "t", install: ["x"], project_path: "tools\\t", payload: ["ok", "bad:dir"] }],
  }),
  "ok.sh": "#!/bin/sh\n",
};

checkTable(installPathsSafe, {
  valid: [
    {
      name: "ordinary paths, an empty output_dir and install_dir",
      files: {
        ...targets([
          agentsMdAdapter,
          {
            ...flat,
            install: {
              adapter_symlinks: [{ link: "CLAUDE.md", target: "AGENTS.md" }],
              legacy_cleanup: [".cursorrules"],
              seeds: { source_dir: "seeds", install_dir: "", files: ["settings.json"] },
            },
          },
        ]),
        "seeds/settings.json": "{}\n",
      },
    },
  ],
  invalid: [
    {
      name: "every kind of declared path",
      files: unsafe,
      findings: [
        {
          ...at(unsafe, '"../up"'),
          message: 'output_dir "../up" in adapter "rules": it holds a \'..\' segment',
        },
        { ...at(unsafe, '".md."'), message: 'rule file name "rule.md."' },
        { ...at(unsafe, '"/etc/CLAUDE.md"'), message: "is absolute" },
        { ...at(unsafe, '".git/hooks/pre-commit"'), message: ".git segment" },
        { ...at(unsafe, '"a//b"'), message: "empty segment" },
        { ...at(unsafe, '"CON"'), message: 'seed path "CON"' },
        { ...at(unsafe, '"CON"'), message: /seed source "\.\.\/secrets\/CON".*inside the registry/ },
        { ...at(unsafe, '"C:/x.sh"'), message: "drive letter" },
        { ...at(unsafe, '"tools\\\\t"'), message: 'project_path "tools\\t" of tool "t"' },
        { ...at(unsafe, '"bad:dir"'), message: "Windows forbids" },
      ],
    },
  ],
});

const rewrites = (pairs: string[][]) => targets([agentsMdAdapter], { publish_rewrites: pairs });
const slashed = rewrites([[".github/workflows", "wf"]]);
const twice = rewrites([
  [".github", "gh"],
  [".github", "other"],
]);
const unsafeSegment = rewrites([["..", "up"]]);

checkTable(publishRewritesAreSegments, {
  valid: [
    {
      name: "two distinct renames",
      files: rewrites([
        [".github", "github-dir"],
        [".vscode", "vscode-dir"],
      ]),
    },
  ],
  invalid: [
    {
      name: "a path, not a segment",
      files: slashed,
      findings: [{ ...at(slashed, '".github/workflows"'), message: "holds a '/'" }],
    },
    {
      name: "one segment twice",
      files: twice,
      findings: [{ ...at(twice, '[\n      ".github",\n      "other"'), message: "rewritten twice" }],
    },
    {
      name: "'..'",
      files: unsafeSegment,
      findings: [{ ...at(unsafeSegment, '".."'), message: "'..' segment" }],
    },
  ],
});
