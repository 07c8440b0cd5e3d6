import type { ClientPack } from "../clients/model.js";
import { builtinAssistantData, sharedAlwaysOn } from "../import/assistants.js";
import { type CaseVariant, caseVariants } from "../import/read-project/case-variant-places.js";
import { ProjectReader } from "../import/read-project/project-reader.js";
import { alwaysOnPath } from "../registry/install-files.js";
import {
  type ClientLoads,
  clientLoads,
  diskTree,
  loadsAnything,
  type ProjectTree,
} from "../session-load/index.js";

/** An assistant agentc writes rules for but has no read model of, and its files the project holds. */
export interface Unmodelled {
  assistant: string;
  name: string;
  files: string[];
}

/** What `agentc loads` (and the MCP server's loads tool) answer for a project folder. */
export interface ProjectLoads {
  clients: ClientLoads[];
  /** The chosen clients that load nothing here (none when clients were named). */
  nothing: string[];
  /** Assistants without a read model whose files are here (none when clients were named). */
  unmodelled: Unmodelled[];
  /** Entries where an assistant reads, spelled in another case: read only where file names ignore case. */
  caseVariants: CaseVariant[];
}

/**
 * Each chosen client's session load of the project; unless clients were named, only those that load
 * something, the others by id, and the assistants with a rule adapter and no client pack whose files the
 * project holds, so that "loads nothing" is never said of a folder one of them reads.
 */
export function projectLoads(project: string, packs: readonly ClientPack[], named: boolean): ProjectLoads {
  const tree = diskTree(project);
  const all = packs.map((pack) => clientLoads(pack, tree));
  const variants = variantsOf(project, packs);
  if (named) return { clients: all, nothing: [], unmodelled: [], caseVariants: variants };
  return {
    clients: all.filter(loadsAnything),
    nothing: all.filter((loads) => !loadsAnything(loads)).map((loads) => loads.client),
    unmodelled: unmodelledFiles(tree),
    caseVariants: variants,
  };
}

/** The chosen clients' places (and the shared always-on file) spelled in another case in the project. */
function variantsOf(project: string, packs: readonly ClientPack[]): CaseVariant[] {
  const chosen = new Set(packs.map((pack) => pack.client));
  const assistants = builtinAssistantData();
  const shared = sharedAlwaysOn(assistants);
  const read = assistants.filter((a) => chosen.has(a.id) || a.adapter === shared.adapter);
  return caseVariants(new ProjectReader(project), read, shared.path);
}

function unmodelledFiles(tree: ProjectTree): Unmodelled[] {
  return builtinAssistantData().flatMap(({ id, name, adapter, pack }) => {
    // the single always-on file (AGENTS.md) is every client's, and the client packs model reading it
    if (pack || !adapter || adapter.global_placement === "single_file") return [];
    const pinned = alwaysOnPath(adapter);
    const dir = (adapter.output_dir ?? "").replace(/\/+$/, "");
    const files = [
      ...(pinned && tree.text(pinned) !== undefined ? [pinned] : []),
      ...(dir && dir !== "." ? tree.filesUnder(dir) : []),
    ];
    return files.length > 0 ? [{ assistant: id, name, files: [...new Set(files)].sort() }] : [];
  });
}
