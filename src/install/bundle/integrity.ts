import { AgentcError } from "../../shared/agentc-error.js";

const hexDigest = /^[0-9a-f]{64}$/;
const base64Digest = /^[A-Za-z0-9+/]{43}=$/;

export const integrityHint =
  "pass --integrity \"$(cat bundle.zip.sha256)\" (the line 'agentc pack' writes: <hex>  <name>) or --integrity sha256-<base64>, sha256:<hex> or <hex>; or add #sha256=<hex> to the URL, or publish <url>.sha256";

/** `<64 hex>` alone or followed by whitespace and a file name: a `.sha256` file's line, as pack writes it. */
const checksumLine = /^([0-9a-fA-F]{64})(?:\s+\S.*)?$/;

/**
 * The sha256 (hex) an integrity string names: `sha256-<base64>` (SRI), `sha256:<hex>`, bare `<hex>`, or
 * the line of a `.sha256` file (`<hex>  <name>`, docs/bundles.md).
 */
export function parseIntegrity(integrity: string): string {
  const value = integrity.trim();
  if (value.startsWith("sha256-") && base64Digest.test(value.slice(7)))
    return Buffer.from(value.slice(7), "base64").toString("hex");
  if (value.startsWith("sha256:") && hexDigest.test(value.slice(7).toLowerCase()))
    return value.slice(7).toLowerCase();
  const line = checksumLine.exec(value);
  if (line?.[1] && !value.includes("\n")) return line[1].toLowerCase();
  throw new AgentcError("bundle", `"${integrity}" is not a sha256 integrity string`, integrityHint);
}

/** The digest of a `#sha256=<hex>` URL fragment, if there is one. */
export function fragmentDigest(url: URL): string | undefined {
  const match = /^#sha256=(.*)$/.exec(url.hash);
  if (!match) return undefined;
  const hex = (match[1] ?? "").toLowerCase();
  if (!hexDigest.test(hex))
    throw new AgentcError(
      "bundle",
      `the URL fragment ${url.hash} is not #sha256=<64 hex digits>`,
      integrityHint,
    );
  return hex;
}

/** The digest in a .sha256 file: the first word, 64 hex digits (sha256sum's "<hex>  <name>" layout). */
export function checksumFileDigest(text: string, url: string): string {
  const first = text.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  if (!hexDigest.test(first))
    throw new AgentcError("bundle", `${url} does not start with a sha256 in hex`, integrityHint);
  return first;
}

/** The one digest all given sources agree on; disagreeing sources are an error, not a choice. */
export function agreedDigest(digests: readonly (string | undefined)[]): string | undefined {
  const given = [...new Set(digests.filter((d): d is string => d !== undefined))];
  if (given.length > 1)
    throw new AgentcError(
      "bundle",
      `the integrity sources disagree (${given.join(" vs ")})`,
      "give one integrity value, or make them match",
    );
  return given[0];
}

export function toSri(hex: string): string {
  return `sha256-${Buffer.from(hex, "hex").toString("base64")}`;
}
