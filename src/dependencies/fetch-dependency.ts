import { pathProblem } from "../shared/path-check.js";
import { type DependencyDeclaration, providesOf, providesPrefix } from "./declaration.js";
import { DependencyError } from "./dependency-error.js";
import { gitFiles, gitUrlProblem, resolveGitRef } from "./git-source.js";
import { npmContent, resolveNpmVersion } from "./npm-source.js";

/** A dependency's files at one version, and the licence its source declares. */
export interface FetchedContent {
  files: Map<string, Uint8Array>;
  licence?: string;
}

/** How one kind of source is asked what a ref names now, and for the files at what it named. */
interface SourceKindFetcher {
  pin(declaration: DependencyDeclaration): Promise<string>;
  files(declaration: DependencyDeclaration, pinned: string): Promise<FetchedContent>;
}

const git: SourceKindFetcher = {
  pin: (d) => resolveGitRef(checkedGitUrl(d.source), d.ref),
  files: async (d, commit) => ({ files: await gitFiles(checkedGitUrl(d.source), commit, d.path ?? "") }),
};

const npm: SourceKindFetcher = {
  pin: (d) => resolveNpmVersion(d),
  files: (d, version) => npmContent(d, version),
};

function checkedGitUrl(url: string): string {
  const problem = gitUrlProblem(url);
  if (problem) throw new DependencyError(`the source ${url} ${problem}`, "Give a git URL agentc may fetch.");
  return url;
}

function fetcherOf(declaration: DependencyDeclaration): SourceKindFetcher {
  const { kind, source } = declaration;
  if (kind === "git" || (kind === "registry" && !source.startsWith("oci://"))) return git;
  if (kind === "npm") return npm;
  throw new DependencyError(
    `${kind === "registry" ? "an oci:// registry" : `kind "${kind}"`} is not resolved yet`,
    "Use a git repository (kind git or registry) or an npm package; see docs/dependencies.md.",
  );
}

/** What the declared ref names at the source now. */
export function pinDependency(declaration: DependencyDeclaration): Promise<string> {
  return fetcherOf(declaration).pin(declaration);
}

/** The files at a pinned version, under the folder of the layered registry its `provides` names. */
export async function fetchDependency(
  declaration: DependencyDeclaration,
  pinned: string,
): Promise<FetchedContent> {
  const fetched = await fetcherOf(declaration).files(declaration, pinned);
  const prefix = providesPrefix[providesOf(declaration)];
  const placed = new Map<string, Uint8Array>();
  for (const [path, bytes] of fetched.files) {
    const problem = pathProblem(path);
    if (problem)
      throw new DependencyError(
        `its file "${path}" ${problem}`,
        "The dependency holds a file agentc cannot place safely; point 'path' at a folder without it.",
      );
    placed.set(`${prefix}${path}`, bytes);
  }
  return { files: placed, ...(fetched.licence !== undefined ? { licence: fetched.licence } : {}) };
}
