import { serializeManifest } from "../manifest/canonical-manifest.js";
import type { Manifest, ManifestInstall } from "../manifest/manifest-model.js";
import { sha256 } from "../shared/hash.js";
import { pair } from "../shared/line-codec.js";
import type { PayloadFile } from "./payload-capture.js";

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The bundle's manifest.json: the build's, with payload_hashes and payload_executables for the
 * captured files, in the canonical key order (after the tool lists, before roster_budget).
 */
export function manifestWithPayloads(manifest: Manifest, files: Map<string, PayloadFile>): Buffer {
  const paths = [...files.keys()].sort(byCodePoint);
  const payload = {
    payload_hashes: paths.map((path) => pair(path, sha256(files.get(path)?.bytes ?? Buffer.alloc(0)))),
    payload_executables: paths.filter((path) => files.get(path)?.executable),
  };
  const install: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(manifest.install)) {
    if (key === "payload_hashes" || key === "payload_executables") continue;
    if (key === "roster_budget" || key === "publish_rewrites") Object.assign(install, payload);
    install[key] = value;
  }
  return Buffer.from(serializeManifest({ ...manifest, install: install as unknown as ManifestInstall }));
}
