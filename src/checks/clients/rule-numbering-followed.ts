import type { ClientPack, RuleNumber } from "../../clients/model.js";
import { clientFixture, coreRule } from "../../diagnostics/client-fixture.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { EmittedFile } from "../../emit/emitted-tree.js";
import { packPath } from "../../packs/shared/placeholders.js";
import type { Registry } from "../../registry/model.js";
import type { OutputCheck } from "../check.js";
import { clientFiles, emittedAt, emittedFrontmatter, sourceFileOf } from "./emitted-files.js";

/** Seed 001's scheme, shortened: the core layers load always, technology packs may be bound to paths. */
const exampleScheme: RuleNumber[] = [
  { prefix: "00-", layer: "framework core", load: "always" },
  { prefix: "2N-", layer: "overlay extensions", load: "either" },
  { prefix: "40-", layer: "technology packs", load: "paths" },
];

export const ruleNumberingFollowed: OutputCheck = {
  id: "AGC140",
  slug: "rule-numbering-followed",
  stage: "output",
  severity: "error",
  title: "Files in a client's rules folder follow the pack's numbering scheme",
  description:
    "A client that loads every file of its rules folder turns any file there into a rule, so a pack may declare the folder's numbering scheme (rule_numbering: prefix, layer, load condition; seed 001: 00-, 10-, 15-, 20- framework core and overlay, 2N- overlay extensions, 30- role packs, 40- technology packs). Every file the build writes into the folder (core rules, shared_core and shared_seed files, templates included) must start with one of the prefixes, and a file of a layer that loads always may not be bound to file patterns: that would loosen a rule meant for every task. A pack in seed 001's own shape, which has no rule_numbering field, gets the scheme from the fields it has: each rule file it ships into the rules folder (shared_core, shared_seed, core_paths, seed_paths) is a core layer that loads always, and each numbered template there and each rules-folder pattern of project_owned_hint (2N-overlay-<name>.md) is a layer that may be bound to paths.",
  hint: "Rename the file (core/rules/<prefix><name>.md) to a prefix of the scheme, or give a core-layer rule the always_on trigger; explanations belong outside the rules folder.",
  get examples() {
    return {
      passing: clientFixture(
        { "core/rules/00-style.md": coreRule("always_on", ["Keep functions short."]) },
        { rule_numbering: exampleScheme },
      ),
      failing: clientFixture(
        {
          "core/rules/style.md": coreRule("always_on", ["Keep functions short."]),
          "core/rules/00-tests.md": coreRule("glob", ["Tests first."], ["test/**"]),
        },
        { rule_numbering: exampleScheme },
      ),
      expected: [
        'core/rules/00-tests.md:1:1: error AGC140 .example/rules/00-tests.md (example-client) is in the layer "framework core" (00-), which loads for every task, but it is bound to file patterns',
        "core/rules/style.md:1:1: error AGC140 .example/rules/style.md (example-client) follows no prefix of the pack's numbering scheme (00-, 2N-, 40-); the client loads every file of .example/rules/ as a rule",
      ],
    };
  },
  *run(registry, tree) {
    for (const { file, origin, pack } of clientFiles(registry, tree.files)) {
      if (!pack.rule_numbering || pack.rules_dir === null) continue;
      const dir = `${packPath(pack.rules_dir, pack.runtime_placeholders)}/`;
      if (!file.path.startsWith(dir)) continue;
      const name = file.path.slice(file.path.lastIndexOf("/") + 1);
      const number = numberOf(pack.rule_numbering, name);
      const position = positionOf(registry, file);
      if (!number) {
        const prefixes = pack.rule_numbering.map((n) => n.prefix).join(", ");
        yield {
          position,
          message: `${file.path} (${origin.client}) follows no prefix of the pack's numbering scheme (${prefixes}); the client loads every file of ${dir} as a rule`,
        };
      } else if (number.load === "always" && boundToPaths(file, pack)) {
        yield {
          position,
          message: `${file.path} (${origin.client}) is in the layer "${number.layer}" (${number.prefix}), which loads for every task, but it is bound to file patterns`,
        };
      }
    }
  },
};

/** The scheme entry a file name starts with; a prefix without "N" wins over one with it ("20-" over "2N-"). */
export function numberOf(scheme: RuleNumber[], name: string): RuleNumber | undefined {
  const fits = (n: RuleNumber) => new RegExp(`^${n.prefix.replaceAll("N", "[1-9]")}`).test(name);
  return scheme.find((n) => !n.prefix.includes("N") && fits(n)) ?? scheme.find(fits);
}

/** The frontmatter sets a field the pack fills with a rule's globs (Claude Code: paths). */
function boundToPaths(file: EmittedFile, pack: ClientPack): boolean {
  const globFields = Object.values(pack.rule_triggers?.map ?? {}).flatMap((m) =>
    Object.entries(m?.fields ?? {}).flatMap(([field, value]) => (value === "{globs}" ? [field] : [])),
  );
  const frontmatter = emittedFrontmatter(file);
  return frontmatter.kind === "parsed" && frontmatter.keys.some((key) => globFields.includes(key));
}

function positionOf(registry: Registry, file: EmittedFile): Position {
  const source = sourceFileOf(registry, file);
  return source ? { file: source, line: 1, column: 1 } : emittedAt(file, 1);
}
