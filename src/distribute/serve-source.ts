import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type ResolveBundleOptions, redacted, resolveBundle } from "../install/index.js";
import { manifestFileName } from "../manifest/manifest-model.js";
import { AgentcError } from "../shared/agentc-error.js";
import { sha256 } from "../shared/hash.js";
import { sourceAddress } from "./bundle-source.js";
import type { Candidate, OpenedBundle } from "./candidate.js";
import { fetchSmall } from "./fetch-small.js";
import {
  latestOf,
  parseServeIndex,
  type ServeIndex,
  type ServeIndexVersion,
  serveIndexName,
} from "./serve-index.js";
import { newestLabel, noneWanted } from "./wanted-version.js";

const maxIndexBytes = 4 * 2 ** 20;

/**
 * The newest version a server's index.json names (the newest within `range`, when given); its bundle is
 * fetched by its content-addressed name.
 */
export async function serveCandidate(
  base: URL,
  options: ResolveBundleOptions = {},
  range?: string,
): Promise<Candidate> {
  const indexUrl = new URL(serveIndexName, base);
  let text: string;
  try {
    text = (await fetchSmall(indexUrl, { maxBytes: maxIndexBytes, ...tempOf(options) })).toString("utf8");
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    if (error.unreachable) throw error;
    throw new AgentcError(
      "bundle",
      `${redacted(base)} is not an agentc server: ${error.message}`,
      "give the base URL 'agentc serve' prints, or a bundle's own URL ending in .zip",
    );
  }
  const index = parseServeIndex(text);
  if (typeof index === "string")
    throw new AgentcError(
      "bundle",
      `${redacted(indexUrl)} ${index}`,
      "the server is not an agentc serve of a current version",
    );
  const latest = range === undefined ? latestOf(index) : versionWithin(index, range, redacted(base));
  return {
    source: { kind: "serve", url: base },
    version: latest.version,
    manifestSha256: latest.manifest_sha256,
    bundleSha256: latest.sha256,
    open: (opts) => openServed(base, latest, opts),
  };
}

async function openServed(
  base: URL,
  entry: ServeIndexVersion,
  options: ResolveBundleOptions,
): Promise<OpenedBundle> {
  const url = new URL(entry.bundle, base);
  url.hash = `sha256=${entry.sha256}`;
  const bundle = await resolveBundle(url.toString(), options);
  const manifest = sha256(readFileSync(join(bundle.dir, manifestFileName)));
  if (manifest !== entry.manifest_sha256) {
    bundle.cleanup();
    throw new AgentcError(
      "bundle",
      `${redacted(url)} holds a manifest.json with sha256 ${manifest}, but the index says ${entry.manifest_sha256}`,
      "the server's index and bundle disagree: do not install it; tell its publisher",
    );
  }
  const source = {
    kind: "serve" as const,
    url: sourceAddress({ kind: "serve", url: base }),
    bundle_sha256: entry.sha256,
  };
  return { ...bundle, source };
}

function tempOf(options: ResolveBundleOptions): { tempRoot?: string } {
  return options.tempRoot !== undefined ? { tempRoot: options.tempRoot } : {};
}

function versionWithin(index: ServeIndex, range: string, source: string): ServeIndexVersion {
  const versions = index.versions.map((v) => v.version);
  const label = newestLabel(versions, range);
  const found = index.versions.find((v) => v.version === label);
  if (!found) throw noneWanted(source, range, versions);
  return found;
}
