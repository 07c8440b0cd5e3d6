import type { ClientPack } from "../clients/model.js";
import { sections } from "../packs/index.js";
import { instructionTexts, type LoadedText } from "./instruction-texts.js";
import { type LoadedItem, listedItems } from "./listed-items.js";
import type { ProjectTree } from "./project-tree.js";
import { type ReadMode, readMode, readsInMode } from "./read-mode.js";
import { readModel } from "./read-model.js";
import { ruleFiles } from "./rule-files.js";

/** What one client loads from a project at session start, by its pack's read model. */
export interface SessionLoad {
  client: string;
  /** The value of the pack's read-model switch in force (empty without one), and the file that set it. */
  mode: ReadMode;
  /** Text in every session, in load order: instruction files, what they import, unconditional rules. */
  texts: LoadedText[];
  /** Every rule, skill, agent and command the client lists, each with the file it uses. */
  items: LoadedItem[];
  /** The MCP server files it reads (those present). */
  mcp: string[];
  /** The settings files present that it reads. */
  settings: string[];
}

/**
 * What client `pack` loads at session start from `tree`, with the settings in the person's home folder
 * `home` when known (its read-model switch; a build has no home and reads the default): the one answer to
 * "what does this client see here", used by the always-loaded budget (AGC090), the duplicate and delivery checks (AGC150, AGC151),
 * CAPABILITIES.md and the installer's view of a person's own files.
 */
export function sessionLoad(pack: ClientPack, tree: ProjectTree, home?: ProjectTree): SessionLoad {
  const model = readModel(pack);
  const mode = readMode(model.modes, tree, home);
  const reads = readsInMode(model, mode);
  const rules = ruleFiles(reads.rules, tree, pack.rule_triggers?.raw_fields);
  const present = (path: string) => tree.text(path) !== undefined;
  const mcp = reads.mcp.files.filter(present);
  return {
    client: pack.client,
    mode,
    texts: [...instructionTexts(reads, pack.instruction_imports ?? [], tree), ...rules.texts],
    items: [
      ...rules.items,
      ...sections.flatMap((section) => {
        const loads = section.items?.loads;
        return loads ? listedItems(loads.kind, reads[loads.key], tree) : [];
      }),
    ],
    mcp: reads.mcp.pick === "first" ? mcp.slice(0, 1) : mcp,
    settings: reads.settings.filter(present),
  };
}

/** The characters of text the client carries into every session. */
export function loadedCharacters(load: SessionLoad): number {
  return load.texts.reduce((sum, text) => sum + Array.from(text.text).length, 0);
}

/** Pairs of texts the client loads twice: the same file, or the same words from two files. */
export function repeatedTexts(load: SessionLoad): [LoadedText, LoadedText][] {
  const pairs: [LoadedText, LoadedText][] = [];
  load.texts.forEach((text, i) => {
    const first = load.texts.slice(0, i).find((t) => t.source === text.source || sameWords(t, text));
    if (first) pairs.push([first, text]);
  });
  return pairs;
}

function sameWords(a: LoadedText, b: LoadedText): boolean {
  return a.text.trim() !== "" && a.text.trim() === b.text.trim();
}
