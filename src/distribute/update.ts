import type { InstallRequest, InstallResult, ResolveBundleOptions } from "../install/index.js";
import { type InstallRecord, missingProject, projectRoot, readRecord, runInstall } from "../install/index.js";
import { AgentcError } from "../shared/agentc-error.js";
import { parseBundleSource, sourceAddress } from "./bundle-source.js";
import type { Candidate, OpenedBundle } from "./candidate.js";
import { noUpdateSourceHint, updateSourceOf } from "./installed-source.js";
import { standingOf } from "./installed-state.js";
import { newestBundle } from "./latest-bundle.js";

/** What `agentc update --check` learns: the installed version against the newest its source offers. */
export interface UpdateCheck {
  root: string;
  installed: string;
  /** the newest bundle's registry_version, when its source says */
  latest: string | undefined;
  /** the source asked, without credentials */
  source: string;
  behind: boolean;
  /** the source's newest is an older registry_version than the installed one (rolled back) */
  older: boolean;
  candidate: Candidate;
  /** the newest bundle, when it had to be fetched to tell; install it or call cleanup() */
  opened?: OpenedBundle;
}

/**
 * Asks the project's recorded source (else its manifest's install.bundle) for the newest bundle and tells
 * whether the project is behind it. Every problem is an AgentcError with a hint.
 */
export async function checkForUpdate(
  projectDir: string,
  options: ResolveBundleOptions = {},
  range?: string,
): Promise<UpdateCheck> {
  const root = projectRoot(projectDir);
  if (!root)
    throw new AgentcError("bundle", missingProject(projectDir), "give the project folder with --project DIR");
  const record = installedRecord(root);
  const from = updateSourceOf(root, record);
  if (!from) throw new AgentcError("bundle", `${root}: no source to update from`, noUpdateSourceHint);
  const source = parseBundleSource(from.address);
  if (source.kind === "folder" || source.kind === "zip")
    throw new AgentcError("bundle", `${from.address} is not a remote source`, noUpdateSourceHint);
  const candidate = await newestBundle(source, options, range);
  const standing = await standingOf(record, candidate, options);
  return {
    root,
    installed: record.registry_version,
    latest: candidate.version,
    source: sourceAddress(source),
    behind: standing.behind,
    older: standing.older === true,
    candidate,
    ...(standing.opened ? { opened: standing.opened } : {}),
  };
}

export type UpdateRequest = Omit<InstallRequest, "bundleDir" | "projectDir" | "source"> & {
  projectDir: string;
  integrity?: string;
  /** A version or range (`--to`): the newest the source offers within it. */
  to?: string;
};

/** Installs the newest bundle when the project is behind; `result` is undefined when it was up to date. */
export async function runUpdate(req: UpdateRequest): Promise<{ check: UpdateCheck; result?: InstallResult }> {
  const options = req.integrity !== undefined ? { integrity: req.integrity } : {};
  const check = await checkForUpdate(req.projectDir, options, req.to);
  // an older bundle goes to the install, which refuses it unless req.allowDowngrade says so
  if (!check.behind && !check.older) return { check };
  const bundle = check.opened ?? (await check.candidate.open(options));
  try {
    const { integrity: _, to: __, ...request } = req;
    const install = {
      ...request,
      bundleDir: bundle.dir,
      source: bundle.source,
      signatures: bundle.signatures,
    };
    return { check, result: await runInstall(install) };
  } finally {
    bundle.cleanup();
  }
}

function installedRecord(root: string): InstallRecord {
  const read = readRecord(root);
  if (!read.ok)
    throw new AgentcError("bundle", read.problem, "restore .agentc/installed.json, or install again");
  if (!read.record)
    throw new AgentcError(
      "bundle",
      `${root}: nothing is installed here`,
      "install first: agentc install <source> --project DIR",
    );
  return read.record;
}
