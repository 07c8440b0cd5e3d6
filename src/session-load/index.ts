/**
 * What a client loads at session start, given a tree of files: the one read model every stage uses (the
 * always-loaded budget AGC090, the duplicate and delivery checks AGC151/AGC152, CAPABILITIES.md, and the
 * installer's view of a person's own instruction files). Import it from here.
 */

export { type AskedTree, askedTree } from "./asked-tree.js";
export { cachedTree } from "./cached-tree.js";
export { type ClientLoads, clientLoads, loadsAnything } from "./client-loads.js";
export { diskTree } from "./disk-tree.js";
export { importPaths, type LoadedText } from "./instruction-texts.js";
export type { ItemKind, LoadedItem } from "./listed-items.js";
export { overlayTree, type TreeChanges } from "./overlay-tree.js";
export {
  linkTargetPath,
  memoryTree,
  type ProjectTree,
  type TreeFile,
  type TreeLink,
} from "./project-tree.js";
export { ignoredSettings, type ReadMode, readMode, readsInMode } from "./read-mode.js";
export { readModel } from "./read-model.js";
export { type RuleMeaning, ruleFolderOf, ruleMeaning } from "./rule-files.js";
export { loadedCharacters, repeatedTexts, type SessionLoad, sessionLoad } from "./session-load.js";
