import { dirname, join } from "node:path";
import { decodeText, maxRuleFileBytes, readBounded } from "../documents/text-file.js";
import { writeFileAtomic } from "../shared/atomic-write.js";
import { sha256 } from "../shared/hash.js";
import { makeFolders } from "../shared/make-folders.js";
import { parseJson } from "../shared/nesting-limit.js";
import { remoteUrlProblem } from "../shared/remote-url.js";

export { remoteUrlProblem };

export interface FetchOptions {
  cacheDir: string;
  timeoutMs?: number;
  maxBytes?: number;
  offline?: boolean;
}

export type RemoteResult =
  | { ok: true; text: string; from: "network" | "cache" }
  | { ok: false; reason: string };

interface CacheEntry {
  url: string;
  text: string;
  etag?: string;
}

/** Fetches one Markdown file, revalidating a cached copy with its ETag. */
export async function fetchRemoteSource(url: string, options: FetchOptions): Promise<RemoteResult> {
  const problem = remoteUrlProblem(url);
  if (problem) return { ok: false, reason: `the url ${problem}` };
  const cachePath = join(options.cacheDir, `${sha256(url).slice(0, 32)}.json`);
  const cached = readCache(cachePath, url);
  if (options.offline)
    return cached
      ? { ok: true, text: cached.text, from: "cache" }
      : { ok: false, reason: "offline and not cached" };
  try {
    const fetched = await download(url, options, cached);
    if (fetched.ok && fetched.from === "network") writeCache(cachePath, fetched.entry);
    return fetched.ok ? { ok: true, text: fetched.entry.text, from: fetched.from } : fetched;
  } catch (error) {
    return { ok: false, reason: describeFetchError(error) };
  }
}

type Download = { ok: true; entry: CacheEntry; from: "network" | "cache" } | { ok: false; reason: string };

async function download(
  url: string,
  options: FetchOptions,
  cached: CacheEntry | undefined,
): Promise<Download> {
  const response = await fetch(url, {
    redirect: "manual",
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    headers: cached?.etag ? { "if-none-match": cached.etag } : {},
  });
  if (response.status === 304 && cached) return { ok: true, entry: cached, from: "cache" };
  const refused = refusal(response.status);
  if (refused) {
    await response.body?.cancel();
    return { ok: false, reason: refused };
  }
  const decoded = decodeText(await readLimited(response, options.maxBytes ?? maxRuleFileBytes));
  if (!decoded.ok) return { ok: false, reason: `the response ${decoded.reason}` };
  return { ok: true, entry: { url, text: decoded.text, ...etagOf(response) }, from: "network" };
}

/** Why a response is not a rule file; 304 lands here only when nothing was cached to revalidate. */
function refusal(status: number): string | undefined {
  if (status === 304) return "HTTP 304 without a cached copy";
  if (status >= 300 && status < 400) return `redirected (HTTP ${status}); give the final address`;
  if (status < 200 || status >= 300) return `HTTP ${status}`;
  return undefined;
}

async function readLimited(response: Response, limit: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > limit) {
    await response.body?.cancel();
    throw new SizeLimitError(limit);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (!response.body) return new Uint8Array();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > limit) throw new SizeLimitError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

class SizeLimitError extends Error {
  constructor(limit: number) {
    super(`the response is larger than ${limit} bytes`);
  }
}

function etagOf(response: Response): { etag?: string } {
  const etag = response.headers.get("etag");
  return etag ? { etag } : {};
}

/** One file per URL, so that the text and its ETag are replaced together. */
function readCache(path: string, url: string): CacheEntry | undefined {
  // The cache may lie inside the registry (the default): only a regular file of bounded size is read, so a
  // cache entry linked to /dev/zero cannot hang the build.
  const read = readBounded(path, 2 * maxRuleFileBytes);
  if (!read.ok) return undefined;
  try {
    const entry = parseJson(read.bytes.toString("utf8")) as Partial<CacheEntry>;
    if (entry.url !== url || typeof entry.text !== "string") return undefined;
    return { url, text: entry.text, ...(typeof entry.etag === "string" ? { etag: entry.etag } : {}) };
  } catch {
    return undefined;
  }
}

function writeCache(path: string, entry: CacheEntry): void {
  try {
    makeFolders(dirname(path));
    writeFileAtomic(path, `${JSON.stringify(entry)}\n`);
  } catch {
    // A cache that cannot be written only costs the next build a download.
  }
}

/** Plain words for the network errors people meet; the code stays for searching. */
const networkErrors: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  ECONNRESET: "connection reset",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  UND_ERR_SOCKET: "connection closed by the server",
};

function describeFetchError(error: unknown): string {
  if (error instanceof SizeLimitError) return error.message;
  const name = (error as Error).name;
  if (name === "TimeoutError" || name === "AbortError") return "timed out";
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code;
  if (code && networkErrors[code]) return `${networkErrors[code]}, ${code}`;
  if (code?.includes("CERT") || code?.startsWith("ERR_TLS")) return `TLS certificate problem, ${code}`;
  return code ?? cause?.message ?? (error as Error).message;
}
