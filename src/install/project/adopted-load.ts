import { builtinClientPacks } from "../../clients/load-client-packs.js";
import type { ClientPack } from "../../clients/model.js";
import {
  askedTree,
  cachedTree,
  diskTree,
  ignoredSettings,
  loadedCharacters,
  overlayTree,
  type ProjectTree,
  repeatedTexts,
  type SessionLoad,
  sessionLoad,
} from "../../session-load/index.js";
import {
  budgetProfiles,
  countLines,
  countWords,
  defaultAlwaysLoadedLimit,
} from "../../shared/text-budget.js";
import type { Plan } from "../model/plan-model.js";
import { textRepeatedInBlock } from "./text-in-block.js";

/**
 * What the chosen clients load from the project once agentc's blocks and imports are composed into the
 * person's instruction files (read with the packs' read models over the project, with the plan's composed
 * texts on top): a warning, naming the person's file, when a composed file is over the always-on budget
 * (AGC026's global profile), when the person's text is repeated inside agentc's block, when a client loads more
 * than its pack's limit into every session (AGC090), or when it loads a text twice (AGC151). Only for plans
 * that compose into a person's file.
 */
export function adoptedLoadWarnings(
  root: string,
  components: readonly string[],
  plan: Plan,
  home: string,
): Plan["warnings"] {
  // Every client's read model asks about the same files: each is read, and each folder walked, once.
  const project = cachedTree(diskTree(root));
  const person = cachedTree(diskTree(home));
  const tree = overlayTree(project, { files: plannedTexts(plan) });
  const loads = new Map<ClientPack, SessionLoad>();
  const loadOf = (pack: ClientPack): SessionLoad => {
    const load = loads.get(pack) ?? sessionLoad(pack, tree, person);
    loads.set(pack, load);
    return load;
  };
  const unread = [
    ...unreadWarnings(tree, components, plan, loadOf),
    ...shadowedWarnings(project, plan, person),
  ];
  const blocks = plan.entries.filter((e) => e.kind === "block");
  const composedInto = blocks.map((e) => e.path);
  if (composedInto.length === 0) return unread;
  const warnings: Plan["warnings"] = [...unread];
  const { maxLines, maxWordsExclusive } = budgetProfiles.global;
  for (const { path, sha256 } of blocks) {
    const text = tree.text(path) ?? "";
    warnings.push(...textRepeatedInBlock(path, text, sha256 ?? ""));
    const lines = countLines(text);
    const words = countWords(text);
    if (lines > maxLines || words >= maxWordsExclusive)
      warnings.push({
        path,
        kind: "budget",
        problem: `your file with agentc's block in it has ${lines} lines and ${words} words, over the always-on budget of ${maxLines} lines and under ${maxWordsExclusive} words (AGC026)`,
        hint: "its assistant reads all of it in every session: move detail into skills or scoped rules, or shorten the registry's global rules",
      });
  }
  const chosen = new Set(components);
  for (const { pack } of builtinClientPacks()) {
    if (!chosen.has(pack.client)) continue;
    const load = loadOf(pack);
    const persons = load.texts.map((t) => t.source).find((source) => composedInto.includes(source));
    if (!persons) continue;
    const total = loadedCharacters(load);
    const limit = pack.always_loaded_limit ?? defaultAlwaysLoadedLimit;
    if (total > limit)
      warnings.push({
        path: persons,
        kind: "budget",
        problem: `${pack.name} loads ${total} characters into every session with your file and agentc's block, over its limit of ${limit} (AGC090)`,
        hint: "shorten your file or the registry's always-on rules, or give rules a glob so they load only when relevant",
      });
    for (const [first, again] of repeatedTexts(load))
      warnings.push({
        path: again.from ?? again.path,
        kind: "loaded-twice",
        problem: `${pack.name} loads ${again.source} twice (${describe(first)}, then ${describe(again)}) (AGC151)`,
        hint: "it costs context, not correctness; remove the import from your file if this client is the one you use",
      });
  }
  return warnings;
}

function describe(text: { path: string; via: string; from?: string }): string {
  return text.via === "import" ? `imported by ${text.from}` : `read as ${text.path}`;
}

/** The texts of the files the plan writes or composes. */
function plannedTexts(plan: Plan): { path: string; text: string }[] {
  return plan.actions.flatMap((a) =>
    (a.op === "update" || a.op === "create") && a.content.from === "text"
      ? [{ path: a.path, text: a.content.text }]
      : [],
  );
}

/**
 * A chosen client that would load an instruction file of the install in its default reading, but whose
 * person's settings switch it to reading none of them (a mode that reads only the organization's files): one
 * warning, naming the setting and its file, since agentc's always-on text then reaches it no other way. And
 * one for each project settings file that sets the switch where the client does not read it.
 */
function unreadWarnings(
  tree: ProjectTree,
  components: readonly string[],
  plan: Plan,
  loadOf: (pack: ClientPack) => SessionLoad,
): Plan["warnings"] {
  const installed = new Set(plan.entries.map((e) => e.path));
  const chosen = new Set(components);
  const warnings: Plan["warnings"] = [];
  for (const { pack } of builtinClientPacks()) {
    const modes = pack.reads?.modes;
    if (!chosen.has(pack.client) || !modes) continue;
    const ours = (load: SessionLoad) => load.texts.some((t) => installed.has(t.source));
    const setting = modes.setting.keys[0]?.at(-1) ?? "";
    for (const ignored of ignoredSettings(modes, tree))
      warnings.push({
        path: ignored.file,
        kind: "not-loaded",
        problem: `${pack.name} does not read its setting ${setting} from ${ignored.file}: "${ignored.value}" there changes nothing`,
        hint: `Set ${setting} in ${modes.setting.files.join(" or ")} (the person's settings), where ${pack.name} reads it; agentc reads it there too`,
      });
    const load = loadOf(pack);
    if (!load.mode.file || ours(load) || !ours(sessionLoad(pack, tree))) continue;
    warnings.push({
      path: load.mode.file,
      kind: "not-loaded",
      problem: `${pack.name} loads none of the instruction files agentc installs: its setting ${setting} is ${load.mode.value}`,
      hint: `agentc's always-on text does not reach ${pack.name} in this mode; set ${setting} to ${modes.default} (or another value that reads the project) if it should`,
    });
  }
  return warnings;
}

/** The file a hint names: "that file" where no instruction file is read any more. */
const file = (now: string): string => (now === "another" ? "that file" : now);

/**
 * Clients that read only the first instruction file of their list they find, and read a person's own file
 * before the install, but one the install writes afterwards: one warning per file they stop reading (naming
 * every such client), since the person's text no longer reaches them. Every built-in client counts, chosen or
 * not: the person may use one the registry does not serve.
 */
function shadowedWarnings(after: ProjectTree, plan: Plan, person: ProjectTree): Plan["warnings"] {
  // Called once the install is written: the project before it is the disk without what the plan created.
  // A person's file moved aside for agentc's own was there before, under the same name.
  const movedAside = new Set(plan.actions.flatMap((a) => (a.op === "move-aside" ? [a.path] : [])));
  const created = plan.actions.flatMap((a) =>
    (a.op === "create" || a.op === "link") && !movedAside.has(a.path) ? [a.path] : [],
  );
  if (created.length === 0) return [];
  const removed = new Set(created);
  const before = overlayTree(after, { removed });
  const unread = new Map<string, { source: string; now: string; clients: string[] }>();
  for (const { pack } of builtinClientPacks()) {
    const asked = askedTree(after);
    const read = sessionLoad(pack, asked.tree, person).texts;
    // the project before the install answers every question this client asked as now: it read the same
    if (!asked.reaches(removed)) continue;
    const still = new Set(read.map((t) => t.source));
    const now = read[0]?.path ?? "another";
    for (const text of sessionLoad(pack, before, person).texts) {
      if (still.has(text.source)) continue;
      const key = `${text.source}\0${now}`;
      const found = unread.get(key) ?? { source: text.source, now, clients: [] };
      found.clients.push(pack.name);
      unread.set(key, found);
    }
  }
  return [...unread.values()].map(({ source, now, clients }) => {
    const one = clients.length === 1;
    const who = one ? (clients[0] ?? "") : `${clients.slice(0, -1).join(", ")} and ${clients.at(-1)}`;
    return {
      path: source,
      kind: "not-loaded" as const,
      problem: `${who} no longer ${one ? "reads" : "read"} ${source}: ${one ? "it reads" : "each reads"} only the first instruction file it finds, now ${now}`,
      hint: `move your text into ${file(now)} (outside agentc's block) if ${one ? who : "they"} should keep it, or install without the component that writes ${file(now)} (--components)`,
    };
  });
}
