import { createHash } from "node:crypto";
import { closeSync, fchmodSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  type BundleManifest,
  bundleManifestName,
  parseBundleManifest,
} from "../../packaging/bundle-manifest.js";
import { AgentcError } from "../../shared/agentc-error.js";
import type { ArchiveLimits } from "../../shared/zip/archive-limits.js";
import { isNoSpace } from "../model/no-space.js";
import { type BundleFile, matchManifest } from "./bundle-entries.js";
import { archiveError, noSpaceError } from "./bundle-error.js";
import { isDirectoryEntry, limitProblems, unsafeEntryProblems } from "./entry-checks.js";
import { inflateEntry } from "./inflate-entry.js";
import { type LocatedEntry, locateEntries } from "./local-headers.js";
import { limitHint, readZipDirectory } from "./zip-directory.js";

const unsafeHint =
  "do not install this bundle; if you made it, rebuild it with 'agentc build' and 'agentc pack'";

const diskHint =
  "check that the temporary folder (tempRoot, default the OS temp folder) is writable and has room";

/**
 * Checks a bundle zip completely (every entry's kind, name, size and ratio, then manifest.json against
 * the entries) and only then extracts it into `stagingDir`, laid out like a build folder.
 */
export function unpackBundle(
  zipPath: string,
  stagingDir: string,
  label: string,
  limits: ArchiveLimits,
): void {
  const directory = labelled(label, () => readZipDirectory(zipPath, limits));
  try {
    const located = locateEntries(directory);
    const unsafe = [...unsafeEntryProblems(directory), ...located.problems];
    const overLimit = limitProblems(directory, limits);
    if (unsafe.length + overLimit.length > 0)
      throw archiveError(label, [...unsafe, ...overLimit], unsafe.length > 0 ? unsafeHint : limitHint);
    const files = located.entries.filter((e) => !isDirectoryEntry(e));
    const { manifest, bytes } = labelled(label, () => readManifest(directory.fd, files, limits));
    const matched = matchManifest(files, manifest);
    if (matched.problems.length > 0) throw archiveError(label, matched.problems, unsafeHint);
    labelled(label, () => {
      for (const file of matched.files) extract(directory.fd, file, stagingDir, manifest);
      writeFileSync(join(stagingDir, bundleManifestName), bytes, { mode: 0o644 });
    });
  } finally {
    closeSync(directory.fd);
  }
}

function readManifest(fd: number, files: LocatedEntry[], limits: ArchiveLimits) {
  const entry = files.find((e) => e.name === bundleManifestName);
  if (!entry) throw new AgentcError("bundle", `has no ${bundleManifestName} at its root`, unsafeHint);
  if (entry.size > limits.maxManifestBytes)
    throw new AgentcError(
      "bundle",
      `has a ${entry.size}-byte ${bundleManifestName}, over the limit`,
      limitHint,
    );
  const chunks: Uint8Array[] = [];
  inflateEntry(fd, entry, (chunk) => chunks.push(chunk));
  const bytes = Buffer.concat(chunks);
  const manifest = parseBundleManifest(bytes.toString("utf8"));
  if (typeof manifest === "string")
    throw new AgentcError("bundle", `has a ${bundleManifestName} that ${manifest}`, unsafeHint);
  return { manifest, bytes };
}

function extract(fd: number, file: BundleFile, stagingDir: string, manifest: BundleManifest): void {
  const target = join(stagingDir, file.path);
  mkdirSync(dirname(target), { recursive: true });
  const mode = manifest.executables.has(file.path) ? 0o755 : 0o644;
  const out = openSync(target, "wx", mode);
  const hash = createHash("sha256");
  try {
    fchmodSync(out, mode);
    inflateEntry(fd, file.entry, (chunk) => {
      hash.update(chunk);
      for (let done = 0; done < chunk.length; ) done += writeSync(out, chunk, done);
    });
  } catch (error) {
    (error as NodeJS.ErrnoException).path ??= target;
    throw error;
  } finally {
    closeSync(out);
  }
  if (hash.digest("hex") !== manifest.hashes.get(file.path))
    throw new AgentcError(
      "bundle",
      `"${file.entry.name}" does not match its hash in ${bundleManifestName}`,
      unsafeHint,
    );
}

/** Runs a step, prefixing the bundle's name to the AgentcErrors it throws. */
function labelled<T>(label: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof AgentcError)
      throw new AgentcError("bundle", `${label}: ${error.message}`, error.hint);
    if (isNoSpace(error)) throw noSpaceError(`${label}: cannot unpack the bundle`, error);
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === "string")
      throw new AgentcError("bundle", `${label}: cannot extract (${(error as Error).message})`, diskHint);
    throw error;
  }
}
