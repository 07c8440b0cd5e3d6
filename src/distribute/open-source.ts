import { type ResolveBundleOptions, resolveBundle } from "../install/index.js";
import { type BundleSource, parseBundleSource } from "./bundle-source.js";
import type { OpenedBundle } from "./candidate.js";
import { latestBundle } from "./latest-bundle.js";

/**
 * Any bundle source turned into a build folder to install from: a local folder as it is, a zip unpacked,
 * a remote source's newest bundle downloaded, verified and unpacked, with the source to record.
 */
export async function openBundleSource(
  text: string | BundleSource,
  options: ResolveBundleOptions = {},
): Promise<OpenedBundle> {
  const source = typeof text === "string" ? parseBundleSource(text) : text;
  if (source.kind === "folder" || source.kind === "zip") return resolveBundle(source.path, options);
  return (await latestBundle(source, options)).open(options);
}
