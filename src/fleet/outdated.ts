import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseBundleSource, sourceAddress } from "../distribute/bundle-source.js";
import type { Candidate } from "../distribute/candidate.js";
import { updateSourceOf } from "../distribute/installed-source.js";
import { newestBundle } from "../distribute/latest-bundle.js";
import type { InstallRecord, ResolveBundleOptions } from "../install/index.js";
import { projectRoot, projectStatus } from "../install/index.js";
import { manifestFileName } from "../manifest/manifest-model.js";
import { AgentcError } from "../shared/agentc-error.js";
import { sha256 } from "../shared/hash.js";
import { isOlder } from "../shared/version-order.js";
import { mapBounded } from "./bounded-map.js";
import type { FleetRow } from "./fleet-row.js";

export interface OutdatedOptions extends ResolveBundleOptions {
  /** distinct sources asked at once; default 8 */
  concurrency?: number;
}

interface Checked {
  row: FleetRow;
  record?: InstallRecord;
  address?: string;
}

/**
 * The fleet view: for each project its install record and drift (read locally), and its source's newest
 * bundle, asked once per distinct source with bounded concurrency. Never throws for a project or a source
 * that cannot be read: that project's row says why.
 */
export async function outdated(
  projects: readonly string[],
  options: OutdatedOptions = {},
): Promise<FleetRow[]> {
  const checked = projects.map(localState);
  const addresses = [...new Set(checked.flatMap((c) => (c.address ? [c.address] : [])))];
  const asked = await mapBounded(addresses, options.concurrency ?? 8, (address) => ask(address, options));
  const newest = new Map(addresses.map((address, i) => [address, asked[i] as Newest]));
  return Promise.all(
    checked.map((c) =>
      c.address && c.record ? compare(c, c.record, newest.get(c.address) as Newest, options) : c.row,
    ),
  );
}

type Newest = { candidate: Candidate; manifest?: Promise<string> } | { problem: string };

function localState(project: string): Checked {
  const row: FleetRow = { project, components: [] };
  const status = projectStatus(project);
  if (!status.ok) return { row: { ...row, problem: status.problem } };
  if (!status.installed) return { row: { ...row, problem: "nothing is installed here" } };
  const record = status.record;
  const base = {
    ...row,
    installed: record.registry_version,
    components: record.components,
    drift: status.drift.length,
  };
  const from = updateSourceOf(projectRoot(project) as string, record);
  if (!from) return { row: { ...base, problem: "no source to update from" }, record };
  try {
    const source = parseBundleSource(from.address);
    if (source.kind === "folder" || source.kind === "zip")
      return { row: { ...base, problem: `${from.address} is not a remote source` }, record };
    const address = sourceAddress(source);
    return { row: { ...base, source: address }, record, address };
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    return { row: { ...base, problem: error.message }, record };
  }
}

async function ask(address: string, options: ResolveBundleOptions): Promise<Newest> {
  try {
    const source = parseBundleSource(address);
    if (source.kind === "folder" || source.kind === "zip")
      return { problem: `${address} is not a remote source` };
    return { candidate: await newestBundle(source, options) };
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    return { problem: error.message };
  }
}

async function compare(
  checked: Checked,
  record: InstallRecord,
  newest: Newest,
  options: ResolveBundleOptions,
): Promise<FleetRow> {
  if ("problem" in newest) return { ...checked.row, problem: newest.problem };
  const { candidate } = newest;
  const row = { ...checked.row, ...(candidate.version ? { newest: candidate.version } : {}) };
  if (record.source?.bundle_sha256 === candidate.bundleSha256) return { ...row, behind: false };
  try {
    newest.manifest ??=
      candidate.manifestSha256 !== undefined
        ? Promise.resolve(candidate.manifestSha256)
        : manifestOf(candidate, options);
    const differs = (await newest.manifest) !== record.manifest_sha256;
    const older =
      differs && candidate.version !== undefined && isOlder(candidate.version, record.registry_version);
    return { ...row, behind: differs && !older, ...(older ? { older } : {}) };
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    return { ...row, problem: error.message };
  }
}

/** A bundle URL names no manifest digest: its bundle is fetched once, for all the projects that need it. */
async function manifestOf(candidate: Candidate, options: ResolveBundleOptions): Promise<string> {
  const opened = await candidate.open(options);
  try {
    return sha256(readFileSync(join(opened.dir, manifestFileName)));
  } finally {
    opened.cleanup();
  }
}
