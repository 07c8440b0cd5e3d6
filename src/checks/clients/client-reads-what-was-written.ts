import type { Finding } from "../../diagnostics/check-meta.js";
import { examplePack } from "../../diagnostics/client-fixture.js";
import { coreMarkdown } from "../../diagnostics/core-fixtures.js";
import { withExamplePack } from "../../diagnostics/pack-fixtures.js";
import type { EmittedFile, EmittedTree } from "../../emit/emitted-tree.js";
import type { LoadedItem } from "../../session-load/listed-items.js";
import type { OutputCheck } from "../check.js";
import { whereLinksAreRefused } from "./loaded-text-names.js";
import {
  asTheProjectHadIt,
  type ClientSession,
  clientSessionsOf,
  onceEach,
  sourceOfPath,
} from "./session-findings.js";

const skill = coreMarkdown(["name: explain", "description: Explains the selected code."], ["Explain it."]);
const reading = (dir: string) => ({
  ...examplePack,
  reads: {
    instructions: [],
    loads_once: [],
    rules: [{ dir: ".example/rules", extension: ".md", always_when: [{ field: "paths", absent: true }] }],
    skills: { dirs: [{ dir }], same_name: "first" },
    agents: { dirs: [], same_name: "first" },
    commands: { dirs: [], same_name: "first" },
    mcp: { files: [], pick: "all" },
    settings: [],
  },
});

/** The file kinds a client lists by name, as the session load calls them. */
const listed: Record<string, LoadedItem["kind"]> = {
  rule: "rule",
  skill: "skill",
  agent: "agent",
  command: "command",
};

export const clientReadsWhatWasWritten: OutputCheck = {
  id: "AGC152",
  slug: "client-reads-what-was-written",
  stage: "output",
  severity: "error",
  title: "Each client reads the rules, skills, agents and commands agentc wrote for it",
  description:
    "A client pack writes each core rule, skill, agent and command where its client looks for it, in the form that client reads. Over the whole build as installed, the pack's read model (reads) must find every such file: a file outside the folders the client reads is never loaded, and a file another component wrote under the same name in a folder the client prefers takes its place. That other copy is fine only when its bytes are the same; otherwise the client keeps the other client's promises, not its own.",
  hint: "Write the item where the client reads it first (the pack's skills_dir and its reads agree), or let both packs write the same bytes to one folder.",
  get examples() {
    return {
      passing: withExamplePack({ "skills/explain/SKILL.md": skill }, reading(".example/skills")),
      failing: withExamplePack({ "skills/explain/SKILL.md": skill }, reading(".elsewhere/skills")),
      expected: [
        "core/skills/explain/SKILL.md:1:1: error AGC152 example (Example Assistant) does not read .example/skills/explain/SKILL.md, which agentc wrote for it: no folder of its read model holds it",
      ],
    };
  },
  *run(registry, tree) {
    const found: (Finding & { key: string })[] = [];
    for (const session of clientSessionsOf(registry, tree))
      found.push(...undelivered(registry, tree, session));
    yield* onceEach(found);
  },
};

function* undelivered(
  registry: Parameters<OutputCheck["run"]>[0],
  tree: EmittedTree,
  { client, load, form }: ClientSession,
): Generator<Finding & { key: string }> {
  const who = `${client.pack.client} (${client.pack.name})`;
  const byPath = new Map(tree.files.map((f) => [f.path, f]));
  for (const file of tree.files) {
    const kind = file.client?.client === client.pack.client ? listed[file.client.kind] : undefined;
    if (!kind) continue;
    const key = `${client.pack.client}\0${file.path}`;
    const position = sourceOfPath(registry, tree, client, file.path);
    const item = load.items.find(
      (i) => i.kind === kind && (i.path === file.path || i.shadowed.includes(file.path)),
    );
    if (!item) {
      // the project's own file written back where it was (a native copy): the client read it there as little
      // before the import as after; it is kept for the other assistants that read it (.cursorrules for Crush)
      if (file.native) continue;
      yield {
        key,
        position,
        message: `${who} does not read ${file.path}, which agentc wrote for it: no folder of its read model holds it`,
        ...asTheProjectHadIt(registry, tree, [file.path]),
      };
      continue;
    }
    if (item.path === file.path || sameBytes(byPath.get(item.path), file)) continue;
    yield {
      key,
      position,
      message: `${who} takes ${kind} ${item.name} from ${item.path}${writtenFor(byPath.get(item.path))}${whereLinksAreRefused(form)}, not from ${file.path}, which agentc wrote for it, and the two differ`,
      ...asTheProjectHadIt(registry, tree, [file.path, item.path]),
    };
  }
}

function sameBytes(a: EmittedFile | undefined, b: EmittedFile): boolean {
  return a?.bytes.equals(b.bytes) === true;
}

function writtenFor(file: EmittedFile | undefined): string {
  return file ? ` (written for ${file.component})` : "";
}
