import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BundleSignatures, localSignatures } from "../../packaging/signature/bundle-signature.js";
import { AgentcError } from "../../shared/agentc-error.js";
import { sha256OfFile } from "../../shared/hash.js";
import { type ArchiveLimits, defaultArchiveLimits } from "../../shared/zip/archive-limits.js";
import { downloadToFile } from "./download.js";
import {
  agreedDigest,
  checksumFileDigest,
  fragmentDigest,
  integrityHint,
  parseIntegrity,
} from "./integrity.js";
import { removedOnSignal } from "./signal-cleanup.js";
import { bundleUrl, looksLikeUrl, redacted } from "./source-url.js";
import { unpackBundle } from "./unpack-bundle.js";
import { urlSignatures } from "./url-signature.js";

export { AgentcError } from "../../shared/agentc-error.js";

export interface ResolveBundleOptions {
  /** `sha256-<base64>` (SRI) or `sha256:<hex>`. Required for URLs unless the URL says #sha256=<hex> or <url>.sha256 exists. */
  integrity?: string;
  /** Download size limit; default 256 MiB. */
  maxBytes?: number;
  /** Whole-download time limit; default 10 minutes. */
  timeoutMs?: number;
  /** Longest wait without a byte; default 30 s. */
  stallMs?: number;
  onProgress?: (done: number, total?: number) => void;
  /** Where the download and the staging folder go; default the OS temp folder. */
  tempRoot?: string;
  limits?: Partial<ArchiveLimits>;
}

export interface ResolvedBundle {
  /** A folder laid out exactly like the output of 'agentc build'. */
  dir: string;
  /** Removes everything resolveBundle created; a no-op for a local build folder. */
  cleanup(): void;
  /** Its signatures over manifest.json (docs/bundles.md, "Signed bundles"), checked by the install. */
  signatures: BundleSignatures;
}

const defaults = { maxBytes: 256 * 2 ** 20, timeoutMs: 10 * 60_000, stallMs: 30_000 };
const sourceHint = "give a build folder, a bundle .zip made by 'agentc pack', or an https:// URL of one";

/**
 * Turns a bundle source into a build folder: a local build folder as is; a local .zip or an https URL
 * checked (integrity first, then every archive limit) and extracted into a fresh temporary folder.
 * Fails with an AgentcError, leaving nothing behind.
 */
export async function resolveBundle(
  source: string,
  options: ResolveBundleOptions = {},
): Promise<ResolvedBundle> {
  const limits = { ...defaultArchiveLimits, ...options.limits };
  if (looksLikeUrl(source)) {
    const url = bundleUrl(source);
    return inTempFolder(options, (temp) => fromUrl(url, temp, options, limits));
  }
  const stat = statSync(source, { throwIfNoEntry: false });
  if (!stat) throw new AgentcError("bundle", `${source} does not exist`, sourceHint);
  if (stat.isDirectory())
    return { dir: resolve(source), cleanup: () => {}, signatures: localSignatures(source, "folder") };
  if (!stat.isFile()) throw new AgentcError("bundle", `${source} is not a file or folder`, sourceHint);
  return inTempFolder(options, async (temp) => {
    if (options.integrity !== undefined)
      verify(sha256OfFile(source), parseIntegrity(options.integrity), source);
    return { dir: unpackInto(source, temp, source, limits), signatures: localSignatures(source, "zip") };
  });
}

async function fromUrl(
  url: URL,
  temp: string,
  options: ResolveBundleOptions,
  limits: ArchiveLimits,
): Promise<Unpacked> {
  const transfer = transferOf(options);
  const expected = givenDigest(url, options) ?? (await publishedDigest(url, temp, transfer));
  const zip = join(temp, "bundle.zip");
  const downloaded = await downloadToFile(withoutFragment(url), zip, {
    ...transfer,
    onProgress: options.onProgress,
  });
  verify(downloaded.sha256, expected, redacted(withoutFragment(url)));
  const dir = unpackInto(zip, temp, redacted(withoutFragment(url)), limits);
  rmSync(zip);
  return { dir, signatures: await urlSignatures(withoutFragment(url), temp, transfer) };
}

/**
 * The sha256 a bundle URL must have, before it is downloaded: --integrity and #sha256= (which must agree),
 * else the <url>.sha256 published beside it. Fails with an AgentcError when there is none.
 */
export async function expectedUrlDigest(source: string, options: ResolveBundleOptions = {}): Promise<string> {
  const url = bundleUrl(source);
  const given = givenDigest(url, options);
  if (given !== undefined) return given;
  const temp = makeTemp(options.tempRoot ?? tmpdir());
  try {
    return await publishedDigest(url, temp, transferOf(options));
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

function givenDigest(url: URL, options: ResolveBundleOptions): string | undefined {
  return agreedDigest([
    options.integrity === undefined ? undefined : parseIntegrity(options.integrity),
    fragmentDigest(url),
  ]);
}

function transferOf(options: ResolveBundleOptions): typeof defaults {
  return {
    maxBytes: options.maxBytes ?? defaults.maxBytes,
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    stallMs: options.stallMs ?? defaults.stallMs,
  };
}

/** The digest published beside the bundle as <url>.sha256, which 'agentc pack' writes. */
async function publishedDigest(url: URL, temp: string, transfer: typeof defaults): Promise<string> {
  const checksumUrl = withoutFragment(url);
  checksumUrl.pathname += ".sha256";
  const file = join(temp, "bundle.zip.sha256");
  try {
    await downloadToFile(checksumUrl, file, { ...transfer, maxBytes: 4096 });
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    throw new AgentcError(
      "bundle",
      `no integrity for ${redacted(withoutFragment(url))}: ${error.message}`,
      integrityHint,
    );
  }
  const digest = checksumFileDigest(readFileSync(file, "utf8"), redacted(checksumUrl));
  rmSync(file);
  return digest;
}

function unpackInto(zip: string, temp: string, label: string, limits: ArchiveLimits): string {
  const dir = join(temp, "bundle");
  unpackBundle(zip, dir, label, limits);
  return dir;
}

function verify(actual: string, expected: string, label: string): void {
  if (actual !== expected)
    throw new AgentcError(
      "bundle",
      `${label} has sha256 ${actual}, but ${expected} was expected; nothing was unpacked`,
      "the download is damaged or the bundle changed since its hash was published: do not install it; fetch the hash again from its publisher",
    );
}

/** A bundle unpacked into the temporary folder, with the signatures found for it. */
type Unpacked = Omit<ResolvedBundle, "cleanup">;

async function inTempFolder(
  options: ResolveBundleOptions,
  fill: (temp: string) => Promise<Unpacked>,
): Promise<ResolvedBundle> {
  const temp = makeTemp(options.tempRoot ?? tmpdir());
  const cleanup = (): void => rmSync(temp, { recursive: true, force: true });
  try {
    return { ...(await removedOnSignal(temp, () => fill(temp))), cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

function makeTemp(root: string): string {
  try {
    return mkdtempSync(join(root, "agentc-bundle-"));
  } catch (error) {
    throw new AgentcError(
      "bundle",
      `cannot create a temporary folder in ${root}: ${(error as Error).message}`,
      "set tempRoot (or TMPDIR) to a writable folder",
    );
  }
}

function withoutFragment(url: URL): URL {
  const copy = new URL(url);
  copy.hash = "";
  return copy;
}
