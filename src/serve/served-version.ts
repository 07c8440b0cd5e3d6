import { copyFileSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { freshCompositions, unpackBundle } from "../install/index.js";
import { bundleManifestName, parseBundleManifest } from "../packaging/bundle-manifest.js";
import { packBundle } from "../packaging/bundle-zip.js";
import { publishedPath } from "../packaging/publish-rewrites.js";
import { localSignatures } from "../packaging/signature/bundle-signature.js";
import { verifySshSignature } from "../packaging/signature/sshsig.js";
import { AgentcError } from "../shared/agentc-error.js";
import { sha256, sha256OfFile } from "../shared/hash.js";
import { parseJson } from "../shared/nesting-limit.js";
import { type ArchiveLimits, defaultArchiveLimits } from "../shared/zip/archive-limits.js";
import { type CapturedPayload, servedPayloads } from "./served-payloads.js";

/** A file the server sends from its snapshot on disk. */
export interface SnapshotFile {
  file: string;
  sha256: string;
  bytes: number;
}

/** One version as served: a private snapshot, so that a rebuild while serving changes nothing. */
export interface ServedVersion {
  version: string;
  /** where it came from (a build folder or a bundle zip), for messages */
  origin: string;
  manifest: Buffer;
  manifestSha256: string;
  bundle: SnapshotFile;
  /** published path (publish_rewrites applied) → its file in the snapshot */
  tree: Map<string, SnapshotFile>;
  /** its SSH signature over manifest.json (manifest.json.sig of a build folder, <zip>.sig beside a zip) */
  signature?: { bytes: Buffer; signer: string; fingerprint: string };
  /** the build folder's site/ folder, when the version came from a build folder */
  siteDir?: string;
  /** modification time of the origin: breaks ties between versions of equal precedence */
  mtimeMs: number;
  /** the payloads captured at start, from a build folder whose tools declare them */
  captured: CapturedPayload[];
  /** each settings file a component composes into, composed as agentc install writes it where it is missing */
  composed: ServedComposition[];
}

/** A composed settings file install.sh may write where the file is missing (docs/install-sh.md). */
export interface ServedComposition {
  component: string;
  path: string;
  text: Buffer;
  textSha256: string;
  record: Buffer;
  recordSha256: string;
}

const versionPattern = /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/;

/**
 * Snapshots a build folder (packed as 'agentc pack --payloads' would: each payload tool's first install
 * command runs once) or a bundle zip (copied) into `work`, then unpacks it with every check the installer
 * makes. The bundle served is the zip of the snapshot.
 */
export function loadServedVersion(
  origin: string,
  work: string,
  limits: ArchiveLimits = defaultArchiveLimits,
): ServedVersion {
  const stat = statSync(origin);
  const zip = join(work, "bundle.zip");
  if (stat.isDirectory()) packBundle(origin, zip, { limits, payloads: true });
  else copyFileSync(origin, zip);
  const staging = join(work, "tree");
  unpackBundle(zip, staging, origin, limits);
  const manifest = readFileSync(join(staging, bundleManifestName));
  const parsed = parseBundleManifest(manifest.toString("utf8"));
  if (typeof parsed === "string")
    throw new AgentcError("serve", `${origin}: manifest.json ${parsed}`, rebuildHint);
  const json = parseJson(manifest.toString("utf8")) as Record<string, unknown>;
  const version = registryVersion(json, origin);
  const captured = servedPayloads(origin, json, parsed.payloads, stat.isDirectory());
  const tree = new Map<string, SnapshotFile>();
  for (const path of parsed.artifacts) {
    const file = join(staging, path);
    tree.set(publishedPath(path, parsed.rewrites), {
      file,
      sha256: parsed.hashes.get(path) ?? sha256(readFileSync(file)),
      bytes: statSync(file).size,
    });
  }
  return {
    version,
    origin,
    manifest,
    manifestSha256: sha256(manifest),
    bundle: { file: zip, sha256: sha256OfFile(zip), bytes: statSync(zip).size },
    tree,
    ...signatureOf(origin, stat.isDirectory(), manifest),
    ...(stat.isDirectory() ? { siteDir: join(origin, "site") } : {}),
    mtimeMs: stat.isDirectory() ? statSync(join(origin, bundleManifestName)).mtimeMs : stat.mtimeMs,
    captured,
    composed: servedCompositions(staging),
  };
}

function servedCompositions(staging: string): ServedComposition[] {
  return freshCompositions(staging).map((c) => {
    const text = Buffer.from(c.text);
    const record = Buffer.from(c.record);
    return { ...c, text, textSha256: sha256(text), record, recordSha256: sha256(record) };
  });
}

const rebuildHint = "rebuild it with 'agentc build' (and 'agentc pack')";

/** The origin's signature, checked here: a server never hands out a signature that would be refused. */
function signatureOf(origin: string, folder: boolean, manifest: Buffer): Pick<ServedVersion, "signature"> {
  const [found] = localSignatures(origin, folder ? "folder" : "zip").files;
  if (!found) return {};
  const check = verifySshSignature(found.bytes, manifest);
  if (!check.ok)
    throw new AgentcError(
      "serve",
      `${found.from} ${check.problem}`,
      "sign this build again ('agentc pack --sign KEY', or ssh-keygen -Y sign -n agentc-bundle -f KEY manifest.json), or remove the stale signature",
    );
  return {
    signature: { bytes: found.bytes, signer: check.signer.text, fingerprint: check.signer.fingerprint },
  };
}

function registryVersion(manifest: Record<string, unknown>, origin: string): string {
  const version = manifest.registry_version;
  if (typeof version !== "string" || !versionPattern.test(version))
    throw new AgentcError(
      "serve",
      `${origin}: manifest.json has no registry_version fit for an address (letters, digits, . + _ -)`,
      "set registry_version in targets.json, or leave it out to have it derived from the content",
    );
  return version;
}
