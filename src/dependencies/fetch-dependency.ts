import { AgentcError } from "../shared/agentc-error.js";
import { pathProblem } from "../shared/path-check.js";
import { agentPluginParts } from "./agent-plugin.js";
import { type DependencyDeclaration, providesOf, providesPrefix } from "./declaration.js";
import { gitFiles, gitUrlProblem, resolveGitRef } from "./git-source.js";
import { marketplacePlugin, marketplacePluginParts } from "./marketplace-plugin.js";
import type { SourceFiles } from "./model.js";
import { movedFiles } from "./moved-files.js";
import { npmContent, resolveNpmVersion } from "./npm-source.js";
import { pinUrl, urlFiles } from "./url-source.js";

/** A dependency's files at one version, and the licence its source declares. */
export interface FetchedContent extends SourceFiles {
  licence?: string;
}

/** How one kind of source is asked what a ref names now, and for the files at what it named. */
interface SourceKindFetcher {
  pin(declaration: DependencyDeclaration): Promise<string>;
  files(declaration: DependencyDeclaration, pinned: string): Promise<FetchedContent>;
}

const git: SourceKindFetcher = {
  pin: (d) => resolveGitRef(checkedGitUrl(d.source), d.ref),
  files: (d, commit) => gitFiles(checkedGitUrl(d.source), commit, d.path ?? ""),
};

const npm: SourceKindFetcher = {
  pin: (d) => resolveNpmVersion(d),
  files: (d, version) => npmContent(d, version),
};

const url: SourceKindFetcher = { pin: pinUrl, files: urlFiles };

const marketplace: SourceKindFetcher = {
  pin: git.pin,
  files: async (d, commit) => marketplacePlugin(await git.files(d, commit), d.plugin),
};

function checkedGitUrl(url: string): string {
  const problem = gitUrlProblem(url);
  if (problem)
    throw new AgentcError("dependency", `the source ${url} ${problem}`, "Give a git URL agentc may fetch.");
  return url;
}

/**
 * How `oci://` references are read: given by the front end (the OCI client sits in a later stage), as the
 * digest a tag names and the files of an agentc registry artifact. Errors may carry `hint` and `unreachable`.
 */
export interface OciSources {
  pin(reference: string): Promise<string>;
  files(reference: string, digest: string): Promise<SourceFiles>;
}

function ociFetcher(sources: OciSources): SourceKindFetcher {
  return {
    pin: (d) => explained(() => sources.pin(d.source)),
    files: async (d, digest) => below(await explained(() => sources.files(d.source, digest)), d.path),
  };
}

/** The files under `path` (all of them without one), relative to it. */
function below(content: SourceFiles, path: string | undefined): SourceFiles {
  const folder = (path ?? "").replace(/^\/+|\/+$/g, "");
  if (folder === "") return content;
  return movedFiles(content, (p) => (p.startsWith(`${folder}/`) ? p.slice(folder.length + 1) : undefined));
}

async function explained<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AgentcError) throw error;
    const { hint, unreachable } = error as { hint?: string; unreachable?: boolean };
    throw new AgentcError("dependency", (error as Error).message, hint ?? "Check the reference.", {
      unreachable: unreachable === true,
    });
  }
}

/** An http(s) address of a .tar.gz: a registry packed there, not a git repository. */
const isTarballUrl = (source: string): boolean =>
  /^https?:\/\//.test(source) && /\.(tar\.gz|tgz)$/.test(source.split(/[?#]/)[0] ?? "");

function fetcherOf(declaration: DependencyDeclaration, oci: OciSources | undefined): SourceKindFetcher {
  const { kind, source } = declaration;
  if (kind === "registry" && source.startsWith("oci://")) {
    if (oci) return ociFetcher(oci);
    throw new AgentcError(
      "dependency",
      "oci:// references are read only by the agentc command line",
      "Run it through agentc.",
    );
  }
  if (kind === "url" || (kind === "registry" && isTarballUrl(source))) return url;
  if (kind === "git" || kind === "registry") return git;
  if (kind === "npm") return npm;
  if (kind === "marketplace") return marketplace;
  throw new AgentcError(
    "dependency",
    `kind "${kind}" is not resolved yet`,
    "Use a git repository (kind git or registry) or an npm package; see docs/dependencies.md.",
  );
}

/** A plugin's files where its format puts them: its skills (and a marketplace plugin's agents and commands). */
function inPlace(declaration: DependencyDeclaration, fetched: FetchedContent): FetchedContent {
  const provides = providesOf(declaration);
  // The package's own licence (npm's package.json) first, else the one plugin.json states.
  if (provides === "agent-plugin")
    return { ...agentPluginParts(fetched), ...(fetched.licence ? { licence: fetched.licence } : {}) };
  if (provides !== "marketplace-plugin") return fetched;
  const parts = marketplacePluginParts(fetched);
  if (parts.files.size > 0) return { ...parts, ...(fetched.licence ? { licence: fetched.licence } : {}) };
  throw new AgentcError(
    "dependency",
    "the plugin has no skills/, agents/, commands/, MCP servers or hooks at its root",
    "Only a plugin's skills, agents, commands, MCP servers and hooks can enter a registry; check 'path'.",
  );
}

/** What the declared ref names at the source now. */
export function pinDependency(declaration: DependencyDeclaration, oci?: OciSources): Promise<string> {
  return fetcherOf(declaration, oci).pin(declaration);
}

/** The files at a pinned version, under the folder of the layered registry its `provides` names. */
export async function fetchDependency(
  declaration: DependencyDeclaration,
  pinned: string,
  oci?: OciSources,
): Promise<FetchedContent> {
  const fetched = inPlace(declaration, await fetcherOf(declaration, oci).files(declaration, pinned));
  const prefix = providesPrefix[providesOf(declaration)];
  for (const path of fetched.files.keys()) {
    const problem = pathProblem(path);
    if (problem)
      throw new AgentcError(
        "dependency",
        `its file "${path}" ${problem}`,
        "The dependency holds a file agentc cannot place safely; point 'path' at a folder without it.",
      );
  }
  const placed = movedFiles(fetched, (path) => `${prefix}${path}`);
  return { ...placed, ...(fetched.licence !== undefined ? { licence: fetched.licence } : {}) };
}
