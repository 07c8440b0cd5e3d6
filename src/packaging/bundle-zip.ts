import { lstatSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { Manifest } from "../manifest/manifest-model.js";
import { AgentcError } from "../shared/agentc-error.js";
import { writeFileAtomic, writeThroughTemp } from "../shared/atomic-write.js";
import { sha256 } from "../shared/hash.js";
import { parseJson } from "../shared/nesting-limit.js";
import { pathListProblems } from "../shared/path-check.js";
import { type ArchiveLimits, defaultArchiveLimits } from "../shared/zip/archive-limits.js";
import { fileSink, ZipWriter } from "../shared/zip/zip-writer.js";
import { type BundleManifest, bundleManifestName, parseBundleManifest } from "./bundle-manifest.js";
import { capturePayloads, type PayloadFile } from "./payload-capture.js";
import { manifestWithPayloads } from "./payload-manifest.js";
import { clashingRewrite, publishedPath } from "./publish-rewrites.js";
import { signManifest } from "./signature/sign-manifest.js";
import { placeZipSignature, type ZipSignature } from "./signature/zip-signature.js";

export interface PackResult extends ZipSignature {
  file: string;
  sha256File: string;
  sha256: string;
  entries: number;
  bytes: number;
}

const rebuildHint = "run 'agentc build' again, then pack the folder it wrote";

/** The default output: bundle.zip beside the build folder, so the build folder itself stays exactly the build. */
export function defaultBundlePath(buildDir: string): string {
  return join(dirname(resolve(buildDir)), "bundle.zip");
}

/**
 * Packs a build folder into a deterministic zip: manifest.json first and unchanged, then every artifact
 * under its published name in code-point order. Writes FILE and FILE.sha256 ("<hex>  <name>\n").
 */
export interface PackOptions {
  /** Run each tool's first install command and pack its payload folders (`agentc pack --payloads`). */
  payloads?: boolean;
  limits?: ArchiveLimits;
  /** Sign manifest.json with this key through ssh-keygen and write `<zip>.sig` (`agentc pack --sign KEY`). */
  signingKey?: string;
}

export function packBundle(buildDir: string, file: string, options: PackOptions = {}): PackResult {
  const limits = options.limits ?? defaultArchiveLimits;
  const built = readManifest(buildDir);
  const { bytes: manifestBytes, captured } = options.payloads
    ? withCapture(buildDir, built)
    : { bytes: built, captured: new Map() };
  const manifest = parseBundleManifest(manifestBytes.toString("utf8"));
  if (typeof manifest === "string")
    throw new AgentcError("pack", `${join(buildDir, bundleManifestName)} ${manifest}`, rebuildHint);
  checkPaths(manifest, limits);
  const signed = options.signingKey ? signManifest(manifestBytes, options.signingKey) : undefined;
  const entries = manifest.artifacts
    .map((path) => ({ path, name: publishedPath(path, manifest.rewrites) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const written = writeThroughTemp(file, (temp) =>
    failingAsPackProblem(limits, () => {
      const writer = new ZipWriter(fileSink(temp), limits);
      try {
        writer.add({ name: bundleManifestName, bytes: manifestBytes, mode: 0o644 });
        addArtifacts(writer, { buildDir, captured }, entries, manifest, limits);
        return writer.finish();
      } catch (error) {
        writer.abandon();
        throw error;
      }
    }),
  );
  const sha256File = writeChecksum(file, written.sha256);
  const signature = placeZipSignature(file, manifestBytes, signed);
  return {
    file,
    sha256File,
    sha256: written.sha256,
    entries: entries.length + 1,
    bytes: written.bytes,
    ...signature,
  };
}

/** Where the files of the bundle come from: the build folder, and the captured payload files. */
interface PackSources {
  buildDir: string;
  captured: Map<string, PayloadFile>;
}

/** The build's manifest with the captured payloads' hashes; the capture runs the tools' install commands. */
function withCapture(buildDir: string, built: Buffer): { bytes: Buffer; captured: Map<string, PayloadFile> } {
  let manifest: Manifest;
  try {
    manifest = parseJson(built.toString("utf8")) as Manifest;
  } catch (error) {
    throw new AgentcError(
      "pack",
      `${join(buildDir, bundleManifestName)} is not valid JSON (${(error as Error).message})`,
      rebuildHint,
    );
  }
  if ((manifest.install?.tool_payloads ?? []).length === 0) return { bytes: built, captured: new Map() };
  const captured = capturePayloads(manifest);
  return { bytes: manifestWithPayloads(manifest, captured), captured };
}

function addArtifacts(
  writer: ZipWriter,
  sources: PackSources,
  entries: { path: string; name: string }[],
  manifest: BundleManifest,
  limits: ArchiveLimits,
): void {
  let total = 0;
  for (const { path, name } of entries) {
    const captured = manifest.payloads.has(path) ? sources.captured.get(path) : undefined;
    const bytes = captured ? captured.bytes : readArtifact(sources.buildDir, path, manifest);
    total += bytes.length;
    if (bytes.length > limits.maxEntryBytes || total > limits.maxTotalBytes)
      throw new AgentcError(
        "pack",
        `${path} makes the bundle larger than the installer accepts`,
        sizeHint(limits),
      );
    writer.add({ name, bytes, mode: manifest.executables.has(path) ? 0o755 : 0o644 });
  }
}

/** Runs the write; on failure removes the temporary file and reports an AgentcError with a fitting hint. */
function failingAsPackProblem<T>(limits: ArchiveLimits, write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof AgentcError) throw error;
    const io = typeof (error as NodeJS.ErrnoException).code === "string";
    throw new AgentcError(
      "pack",
      `cannot write the bundle: ${(error as Error).message}`,
      io ? "check that the --out folder exists, is writable and has room" : sizeHint(limits),
    );
  }
}

function readManifest(buildDir: string): Buffer {
  try {
    return readFileSync(join(buildDir, bundleManifestName));
  } catch {
    throw new AgentcError(
      "pack",
      `${buildDir} holds no ${bundleManifestName}, so it is not a build folder`,
      "run 'agentc build [registry] --out DIR' and pack DIR (default: <registry>/build)",
    );
  }
}

function checkPaths(manifest: BundleManifest, limits: ArchiveLimits): void {
  const problems = pathListProblems([bundleManifestName, ...manifest.artifacts]);
  const first = problems[0];
  if (first)
    throw new AgentcError("pack", `manifest.json lists "${first.path}", which ${first.problem}`, rebuildHint);
  for (const path of manifest.artifacts) {
    const clash = clashingRewrite(path, manifest.rewrites);
    if (clash)
      throw new AgentcError(
        "pack",
        `${path} already uses the published name "${clash.to}" of the rewrite "${clash.from} :: ${clash.to}", so the installer could not reverse it`,
        "choose a publish_rewrites target that no built path uses (targets.json)",
      );
    if (path.split("/").length > limits.maxDepth)
      throw new AgentcError("pack", `${path} is deeper than ${limits.maxDepth} folders`, sizeHint(limits));
  }
  if (manifest.artifacts.length + 1 > Math.min(limits.maxEntries, 0xffff))
    throw new AgentcError(
      "pack",
      `${manifest.artifacts.length} files are more than a bundle holds`,
      sizeHint(limits),
    );
}

function readArtifact(buildDir: string, path: string, manifest: BundleManifest): Buffer {
  const full = join(buildDir, path);
  const stat = lstatSync(full, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new AgentcError("pack", `${full} is missing or not a regular file`, rebuildHint);
  const bytes = readFileSync(full);
  const expected = manifest.hashes.get(path);
  if (expected !== sha256(bytes))
    throw new AgentcError(
      "pack",
      `${full} does not match its hash in manifest.json (edited after the build?)`,
      rebuildHint,
    );
  return bytes;
}

function writeChecksum(file: string, hash: string): string {
  const sha256File = `${file}.sha256`;
  writeFileAtomic(sha256File, `${hash}  ${basename(file)}\n`);
  return sha256File;
}

function sizeHint(limits: ArchiveLimits): string {
  return `a bundle holds at most ${Math.min(limits.maxEntries, 0xffff)} files, ${limits.maxDepth} folders deep, ${limits.maxEntryBytes / 2 ** 20} MiB per file and ${limits.maxTotalBytes / 2 ** 20} MiB in all; split the registry or move large payloads out`;
}
