import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { parseTar } from "nanotar";
import semver from "semver";
import { parseJson } from "../shared/nesting-limit.js";
import { remoteUrlProblem } from "../shared/remote-url.js";
import type { DependencyDeclaration } from "./declaration.js";
import { DependencyError } from "./dependency-error.js";
import type { SourceFiles } from "./model.js";

export const defaultNpmRegistry = "https://registry.npmjs.org";
const packageName = /^(@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/;
const maxPackumentBytes = 32 * 1024 * 1024;
const maxTarballBytes = 32 * 1024 * 1024;
const maxUnpackedBytes = 128 * 1024 * 1024;
const timeoutMs = 60_000;

interface Packument {
  "dist-tags"?: Record<string, string>;
  versions?: Record<string, { license?: unknown; dist?: { tarball?: string; integrity?: string } }>;
}

/** A package's files at one version, and the licence its package.json declares. */
export interface NpmContent extends SourceFiles {
  licence?: string;
}

/** The version a declared range, version or dist-tag names in the registry now. */
export async function resolveNpmVersion(declaration: DependencyDeclaration): Promise<string> {
  const packument = await readPackument(declaration);
  const wanted = declaration.ref ?? "latest";
  const tagged = packument["dist-tags"]?.[wanted];
  const versions = Object.keys(packument.versions ?? {});
  const version = tagged ?? (semver.validRange(wanted) ? semver.maxSatisfying(versions, wanted) : null);
  if (version && packument.versions?.[version]) return version;
  throw new DependencyError(
    `no version of ${declaration.source} matches "${wanted}" in ${registryOf(declaration)} (it has ${versions.slice(-5).join(", ") || "none"})`,
    "Give a version, a range or a dist-tag the package has ('npm view PACKAGE versions').",
  );
}

/** The files below `path` of the package at `version` (without the tarball's top folder), checked by integrity. */
export async function npmContent(declaration: DependencyDeclaration, version: string): Promise<NpmContent> {
  const packument = await readPackument(declaration);
  const release = packument.versions?.[version];
  const tarball = release?.dist?.tarball;
  if (!release || !tarball)
    throw new DependencyError(
      `${declaration.source}@${version} is not in ${registryOf(declaration)} any more (unpublished?)`,
      "Pin a version the registry still has, then run 'agentc update <dependency>'.",
    );
  const bytes = await download(tarball, maxTarballBytes, "application/octet-stream");
  checkIntegrity(bytes, release.dist?.integrity, `${declaration.source}@${version}`);
  const licence = typeof release.license === "string" ? { licence: release.license } : {};
  return { ...unpack(bytes, declaration.path ?? ""), ...licence };
}

function registryOf(declaration: DependencyDeclaration): string {
  return (declaration.npm_registry ?? defaultNpmRegistry).replace(/\/+$/, "");
}

async function readPackument(declaration: DependencyDeclaration): Promise<Packument> {
  if (!packageName.test(declaration.source))
    throw new DependencyError(
      `"${declaration.source}" is not an npm package name`,
      "Give the package's name.",
    );
  const url = `${registryOf(declaration)}/${declaration.source.replace("/", "%2f")}`;
  const bytes = await download(url, maxPackumentBytes, "application/json");
  try {
    return parseJson(Buffer.from(bytes).toString("utf8")) as Packument;
  } catch {
    throw new DependencyError(
      `${url} did not answer with JSON`,
      "Check 'npm_registry': an npm registry's address.",
    );
  }
}

async function download(url: string, limit: number, accept: string): Promise<Uint8Array> {
  const problem = remoteUrlProblem(url);
  if (problem) throw new DependencyError(`the address ${url} ${problem}`, "Use an https npm registry.");
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept },
      redirect: "follow",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    throw new DependencyError(`cannot reach ${url} (${code})`, "Check the address and the network.", true);
  }
  if (response.status === 404)
    throw new DependencyError(
      `${url} does not exist (HTTP 404)`,
      "Check the package name and 'npm_registry'.",
    );
  if (!response.ok)
    throw new DependencyError(`${url} answered HTTP ${response.status}`, "Try again later.", true);
  const body = new Uint8Array(await response.arrayBuffer());
  if (body.byteLength > limit)
    throw new DependencyError(`${url} is larger than ${limit} bytes`, "Use a smaller package.");
  return body;
}

function checkIntegrity(bytes: Uint8Array, integrity: string | undefined, what: string): void {
  const sha512 = integrity?.split(/\s+/).find((part) => part.startsWith("sha512-"));
  if (!sha512) return;
  const actual = `sha512-${createHash("sha512").update(bytes).digest("base64")}`;
  if (actual !== sha512)
    throw new DependencyError(
      `the tarball of ${what} does not match the integrity its registry states`,
      "The registry or something between it and you altered the package; do not use it.",
    );
}

/** Regular files of the tarball below `path`; links, devices and paths outside the package are left out. */
function unpack(tgz: Uint8Array, path: string): SourceFiles {
  let tar: Uint8Array;
  try {
    tar = gunzipSync(tgz, { maxOutputLength: maxUnpackedBytes });
  } catch {
    throw new DependencyError("the package tarball is not gzip or unpacks too large", "Use another version.");
  }
  const folder = path.replace(/^\/+|\/+$/g, "");
  const files = new Map<string, Uint8Array>();
  const executables = new Set<string>();
  for (const item of parseTar(tar)) {
    if (item.type !== "file" || !item.data) continue;
    const inPackage = item.name.slice(item.name.indexOf("/") + 1);
    if (folder !== "" && !inPackage.startsWith(`${folder}/`)) continue;
    const placed = folder === "" ? inPackage : inPackage.slice(folder.length + 1);
    files.set(placed, item.data);
    if (isExecutable(item.attrs?.mode)) executables.add(placed);
  }
  if (files.size === 0)
    throw new DependencyError(
      `the package has no files under "${folder || "/"}"`,
      "Fix 'path' in sources.json.",
    );
  return { files, executables };
}

/** A tar entry's octal mode has an execute bit. */
export const isExecutable = (mode: string | undefined): boolean =>
  mode !== undefined && (Number.parseInt(mode, 8) & 0o111) !== 0;
