import type { Finding } from "../../diagnostics/check-meta.js";
import { examplePack } from "../../diagnostics/client-fixture.js";
import { coreMarkdown, json } from "../../diagnostics/core-fixtures.js";
import { withExamplePack } from "../../diagnostics/pack-fixtures.js";
import type { LoadedText } from "../../session-load/instruction-texts.js";
import { repeatedTexts } from "../../session-load/session-load.js";
import type { OutputCheck } from "../check.js";
import { describeText, whereLinksAreRefused } from "./loaded-text-names.js";
import { asTheProjectHadIt, clientSessionsOf, onceEach, sourceOfPath } from "./session-findings.js";

const skill = coreMarkdown(["name: explain", "description: Explains the selected code."], ["Explain it."]);

/** A second pack that writes the same skill to another folder, which the example pack reads too. */
const otherPack = {
  ...examplePack,
  client: "other",
  name: "Other Assistant",
  runtime_dir: ".other",
  skills_dir: ".other/skills",
};
const readingBoth = (sameName: "first" | "all") => ({
  ...examplePack,
  reads: {
    instructions: [],
    loads_once: [],
    rules: [],
    skills: { dirs: [{ dir: ".example/skills" }, { dir: ".other/skills" }], same_name: sameName },
    agents: { dirs: [], same_name: "first" },
    commands: { dirs: [], same_name: "first" },
    mcp: { files: [], pick: "all" },
    settings: [],
  },
});
const twoPacks = (sameName: "first" | "all") => ({
  ...withExamplePack({ "skills/explain/SKILL.md": skill }, readingBoth(sameName)),
  "clients/other.json": json(otherPack),
});

export const clientLoadsEachItemOnce: OutputCheck = {
  id: "AGC151",
  slug: "client-loads-each-item-once",
  stage: "output",
  severity: "error",
  title: "No client loads the same instructions, rule, skill, agent or command twice",
  description:
    "Several clients read each other's folders (another client's skills or agents folder, a shared .agents/skills, another client's instruction file). Each pack's read model (reads) says where its client looks and whether it keeps one item per name. Over the whole build as installed — with adapter links as links, and as the copies or imports written where links are refused — a client must not load one text twice (a link it does not recognise, an import of a file it reads anyway) nor two files of one skill, agent or command that it keeps both of: the model would see the instructions twice, and two copies can disagree.",
  hint: "Let the packs that such a client reads write the same bytes to one folder, drop one of the clients from builtin_clients, or link instead of importing.",
  get examples() {
    return {
      passing: twoPacks("first"),
      failing: twoPacks("all"),
      expected: [
        "core/skills/explain/SKILL.md:1:1: error AGC151 example (Example Assistant) loads skill explain 2 times: .example/skills/explain/SKILL.md, .other/skills/explain/SKILL.md",
      ],
    };
  },
  *run(registry, tree) {
    const found: (Finding & { key: string })[] = [];
    for (const { client, load, form } of clientSessionsOf(registry, tree)) {
      const who = `${client.pack.client} (${client.pack.name})`;
      for (const [first, again] of repeatedTexts(load))
        found.push({
          key: `${client.pack.client}\0text\0${first.source}`,
          position: sourceOfPath(registry, tree, client, first.source),
          message: `${who} loads the text of ${first.source} twice${whereLinksAreRefused(form)}: as ${describeText(first)} and as ${describeText(again)}`,
          ...asTheProjectHadIt(registry, tree, [
            first.path,
            first.source,
            again.path,
            again.source,
            ...from(first, again),
          ]),
        });
      for (const item of load.items.filter((i) => i.copies.length > 0))
        found.push({
          key: `${client.pack.client}\0${item.kind}\0${item.name}`,
          position: sourceOfPath(registry, tree, client, item.path),
          message: `${who} loads ${item.kind} ${item.name} ${item.copies.length + 1} times${whereLinksAreRefused(form)}: ${[item.path, ...item.copies].join(", ")}`,
          ...asTheProjectHadIt(registry, tree, [item.path, ...item.copies]),
        });
    }
    yield* onceEach(found);
  },
};

/** The files that import the two texts: an import line is the project's too when that file is a native copy. */
function from(...texts: LoadedText[]): string[] {
  return texts.flatMap((t) => (t.from ? [t.from] : []));
}
