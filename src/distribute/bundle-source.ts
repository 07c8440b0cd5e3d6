import { statSync } from "node:fs";
import { bundleUrl, looksLikeUrl } from "../install/index.js";
import { AgentcError } from "../shared/agentc-error.js";
import { nearestSibling } from "../shared/paths/nearest-path.js";
import { type OciReference, parseOciReference } from "./oci/oci-reference.js";

/**
 * The one notion of "where a bundle comes from", shared by install, update and outdated:
 * - a build folder or a bundle .zip on this machine;
 * - `https://…/name.zip`: a bundle's own URL (integrity from --integrity, #sha256=, or <url>.sha256);
 * - any other `https://…`: the base URL of an `agentc serve` (or of a static copy of its files), read
 *   through its index.json;
 * - `oci://HOST/REPO:TAG` or `oci://HOST/REPO@sha256:…`: an OCI registry.
 * Plain http is accepted only for this machine (loopback), for every kind.
 */
export type BundleSource =
  | { kind: "folder"; path: string }
  | { kind: "zip"; path: string }
  | { kind: "bundle"; url: URL }
  | { kind: "serve"; url: URL }
  | { kind: "oci"; reference: OciReference };

const sourceHint =
  "give a build folder, a bundle .zip, the base URL 'agentc serve' prints, a bundle URL ending in .zip, or oci://HOST/REPO:TAG";

export function parseBundleSource(text: string): BundleSource {
  if (/^oci:\/\//i.test(text)) return { kind: "oci", reference: parseOciReference(text) };
  if (looksLikeUrl(text)) {
    const url = bundleUrl(text);
    if (url.pathname.toLowerCase().endsWith(".zip")) return { kind: "bundle", url };
    if (url.search !== "" || url.hash !== "")
      throw new AgentcError("bundle", `${text}: a server's base URL takes no query or fragment`, sourceHint);
    if (!url.pathname.endsWith("/")) url.pathname += "/";
    return { kind: "serve", url };
  }
  const stat = statSync(text, { throwIfNoEntry: false });
  if (!stat) {
    const near = nearestSibling(text);
    throw new AgentcError(
      "bundle",
      `${text} does not exist${near ? `; did you mean ${near}?` : ""}`,
      sourceHint,
    );
  }
  return stat.isDirectory() ? { kind: "folder", path: text } : { kind: "zip", path: text };
}

/** The address recorded for a source: its URL without credentials or fragment. */
export function sourceAddress(source: BundleSource): string {
  if (source.kind === "oci") return source.reference.text;
  if (source.kind === "folder" || source.kind === "zip") return source.path;
  const url = new URL(source.url);
  url.username = "";
  url.password = "";
  url.hash = "";
  return url.toString();
}
