import type { LoadedClientPack } from "../../clients/loaded-client-pack.js";
import { clientFixture, coreRule } from "../../diagnostics/client-fixture.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { EmittedTree } from "../../emit/emitted-tree.js";
import { clientSessions, type LinkForm, linkForms } from "../../emit/session/installed-tree.js";
import { alwaysLoadedLimit } from "../../registry/budgets.js";
import type { Registry } from "../../registry/model.js";
import type { LoadedText } from "../../session-load/instruction-texts.js";
import { loadedCharacters, type SessionLoad } from "../../session-load/session-load.js";
import type { OutputCheck } from "../check.js";
import { sourceFileOf } from "./emitted-files.js";
import { describeText, whereLinksAreRefused } from "./loaded-text-names.js";

export { defaultAlwaysLoadedLimit } from "../../shared/text-budget.js";

/** How many of the biggest texts the message names. */
const namedTexts = 3;

export const alwaysLoadedWithinLimit: OutputCheck = {
  id: "AGC090",
  slug: "always-loaded-within-limit",
  stage: "output",
  severity: "error",
  title: "The text a client loads into every session stays within its pack's limit",
  description:
    "A client reads its instruction files and every unconditional rule file at the start of each session, before the task is known. What it reads is taken from its pack's read model over the whole build as installed: AGENTS.md and the other instruction files it reads (through a link, or the copy or import written where links are refused), the files they import, and the rule files whose frontmatter sets no load condition, whichever component wrote them. The sum may not exceed the registry's own limit for that client (targets.json budgets.always_loaded, with its reason), else the pack's always_loaded_limit (default 40,000 characters): past it, context that the task needs is spent on rules that may not apply.",
  hint: "Give rules a glob or model_decision trigger so they load only when relevant, move detail into skills, or cut text; raise the limit only knowingly, in targets.json budgets.always_loaded with its reason.",
  get examples() {
    return {
      passing: clientFixture({ "core/rules/style.md": coreRule("always_on", ["Keep functions short."]) }),
      failing: clientFixture({
        "core/rules/style.md": coreRule(
          "always_on",
          Array.from({ length: 900 }, (_, i) => `- Rule ${i}: prefer clear names over comments.`),
        ),
      }),
      expected: [
        "core/rules/style.md:1:1: error AGC090 example-client (Example Client) loads 41417 characters into every session, over its limit of 40000; biggest: .example/rules/style.md 41417",
      ],
    };
  },
  *run(registry, tree) {
    const worst = alwaysLoadedByClient(registry, tree);
    for (const client of registry.clients) {
      const found = worst.get(client.pack.client);
      const limit = alwaysLoadedLimit(registry.targets, client.pack);
      if (!found || found.total <= limit.value) continue;
      const biggest = [...found.load.texts].sort((a, b) => size(b) - size(a) || (a.path < b.path ? -1 : 1));
      const named = biggest.slice(0, namedTexts).map((t) => `${describeText(t)} ${size(t)}`);
      const more = biggest.length > namedTexts ? `, and ${biggest.length - namedTexts} more` : "";
      yield {
        position: positionFor(registry, client, tree, biggest[0]),
        message: `${client.pack.client} (${client.pack.name}) loads ${found.total} characters into every session${whereLinksAreRefused(found.form)}, over its limit of ${limit.value}${limit.reason ? ` set in targets.json budgets.always_loaded` : ""}; biggest: ${named.join(", ")}${more}`,
      };
    }
  },
};

/** What a client carries into every session, in the link form that loads the most (AGC090, the page). */
export interface AlwaysLoaded {
  load: SessionLoad;
  form: LinkForm;
  total: number;
}

/** Per chosen client: what it loads into every session from a full install, where that is the most. */
export function alwaysLoadedByClient(registry: Registry, tree: EmittedTree): Map<string, AlwaysLoaded> {
  const worst = new Map<string, AlwaysLoaded>();
  for (const form of linkForms) {
    for (const load of clientSessions(registry, tree.files, form, tree.composed)) {
      const total = loadedCharacters(load);
      if (total > (worst.get(load.client)?.total ?? -1)) worst.set(load.client, { load, form, total });
    }
  }
  return worst;
}

export function size(text: LoadedText): number {
  return Array.from(text.text).length;
}

/** The source of the biggest text (what to shorten) when the registry has it, else the pack's limit. */
function positionFor(
  registry: Registry,
  client: LoadedClientPack,
  tree: EmittedTree,
  biggest: LoadedText | undefined,
): Position {
  const file = biggest && tree.files.find((f) => f.path === biggest.source);
  const longestRule = [...(file?.rules ?? [])].sort((a, b) => b.text.length - a.text.length)[0];
  if (longestRule) return longestRule.heading;
  const source = file && sourceFileOf(registry, file);
  if (source) return { file: source, line: 1, column: 1 };
  const hasLimit = client.pack.always_loaded_limit !== undefined;
  return client.document.positionOf(hasLimit ? ["always_loaded_limit"] : []);
}
