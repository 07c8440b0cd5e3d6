import { join } from "node:path";
import { AgentcError } from "../shared/agentc-error.js";
import { type DependencyDeclaration, refOf } from "./declaration.js";
import { type OciSources, pinDependency } from "./fetch-dependency.js";
import { declarationOf, entryMatches, lockFileName, readLockFile } from "./lock-file.js";

/** One dependency: what agentc.lock pins, and what its declared ref names at the source now. */
export interface SourceRow {
  name: string;
  kind: string;
  ref: string;
  locked?: string;
  newest?: string;
  state: "current" | "behind" | "not locked" | "unknown";
  problem?: string;
}

/**
 * Asks each enabled dependency's source what its ref names now (agentc outdated --sources), then each
 * transitive one agentc.lock pins (their declarations sit in locked copies of the registries declaring them).
 */
export async function outdatedSources(
  root: string,
  declarations: readonly DependencyDeclaration[],
  oci?: OciSources,
): Promise<SourceRow[]> {
  const read = readLockFile(join(root, lockFileName));
  const locked = read.ok ? (read.lock?.dependencies ?? []) : [];
  const rows: SourceRow[] = [];
  const transitive = locked.filter((e) => e.name.includes("/")).map(declarationOf);
  for (const declaration of [...declarations.filter((d) => d.enabled !== false), ...transitive]) {
    const entry = locked.find((e) => entryMatches(e, declaration));
    const row = {
      name: declaration.name,
      kind: declaration.kind,
      ref: refOf(declaration),
      ...(entry ? { locked: entry.resolved } : {}),
    };
    try {
      const newest = await pinDependency(declaration, oci);
      const state = !entry ? "not locked" : newest === entry.resolved ? "current" : "behind";
      rows.push({ ...row, newest, state });
    } catch (error) {
      if (!(error instanceof AgentcError)) throw error;
      rows.push({ ...row, state: "unknown", problem: error.message });
    }
  }
  return rows;
}
