import { createHash } from "node:crypto";
import { AgentcError } from "../shared/agentc-error.js";
import { parseJson } from "../shared/nesting-limit.js";
import { semverLibrary } from "../shared/on-first-use.js";
import type { DependencyDeclaration } from "./declaration.js";
import { download } from "./http-download.js";
import type { SourceFiles } from "./model.js";
import { maxUnpackedBytes, unpackTarball } from "./tarball.js";

export const defaultNpmRegistry = "https://registry.npmjs.org";
const packageName = /^(@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/;
const maxPackumentBytes = 32 * 1024 * 1024;
const maxTarballBytes = 32 * 1024 * 1024;
const npmHint = "Check the package name and 'npm_registry'.";

interface Packument {
  "dist-tags"?: Record<string, string>;
  versions?: Record<
    string,
    {
      license?: unknown;
      dist?: { tarball?: string; integrity?: string; unpackedSize?: unknown; size?: unknown };
    }
  >;
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
  const semver = semverLibrary();
  const version = tagged ?? (semver.validRange(wanted) ? semver.maxSatisfying(versions, wanted) : null);
  if (version && packument.versions?.[version]) return version;
  throw new AgentcError(
    "dependency",
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
    throw new AgentcError(
      "dependency",
      `${declaration.source}@${version} is not in ${registryOf(declaration)} any more (unpublished?)`,
      "Pin a version the registry still has, then run 'agentc update <dependency>'.",
    );
  checkStatedSize(release.dist, `${declaration.source}@${version}`);
  const bytes = await download(tarball, maxTarballBytes, "application/octet-stream", npmHint);
  checkIntegrity(bytes, release.dist?.integrity, `${declaration.source}@${version}`);
  const licence = typeof release.license === "string" ? { licence: release.license } : {};
  return { ...unpackTarball(bytes, declaration.path ?? "", "top-folder"), ...licence };
}

function registryOf(declaration: DependencyDeclaration): string {
  return (declaration.npm_registry ?? defaultNpmRegistry).replace(/\/+$/, "");
}

async function readPackument(declaration: DependencyDeclaration): Promise<Packument> {
  if (!packageName.test(declaration.source))
    throw new AgentcError(
      "dependency",
      `"${declaration.source}" is not an npm package name`,
      "Give the package's name.",
    );
  const url = `${registryOf(declaration)}/${declaration.source.replace("/", "%2f")}`;
  const bytes = await download(url, maxPackumentBytes, "application/json", npmHint);
  try {
    return parseJson(Buffer.from(bytes).toString("utf8")) as Packument;
  } catch {
    throw new AgentcError(
      "dependency",
      `${url} did not answer with JSON`,
      "Check 'npm_registry': an npm registry's address.",
    );
  }
}

/** The sizes the packument states, where it states them, are within the limits: refused before downloading. */
function checkStatedSize(dist: { unpackedSize?: unknown; size?: unknown } | undefined, what: string): void {
  const over = (stated: unknown, limit: number) => typeof stated === "number" && stated > limit;
  if (over(dist?.size, maxTarballBytes) || over(dist?.unpackedSize, maxUnpackedBytes))
    throw new AgentcError(
      "dependency",
      `${what} is larger than agentc takes: its registry states ${stated(dist)} (at most ${maxTarballBytes} bytes packed and ${maxUnpackedBytes} unpacked)`,
      "Depend on a smaller package, or point 'path' at a package that holds only the skills.",
    );
}

const stated = (dist: { unpackedSize?: unknown; size?: unknown } | undefined): string =>
  [
    typeof dist?.size === "number" ? `${dist.size} bytes packed` : "",
    typeof dist?.unpackedSize === "number" ? `${dist.unpackedSize} bytes unpacked` : "",
  ]
    .filter((part) => part !== "")
    .join(", ");

function checkIntegrity(bytes: Uint8Array, integrity: string | undefined, what: string): void {
  const sha512 = integrity?.split(/\s+/).find((part) => part.startsWith("sha512-"));
  if (!sha512) return;
  const actual = `sha512-${createHash("sha512").update(bytes).digest("base64")}`;
  if (actual !== sha512)
    throw new AgentcError(
      "dependency",
      `the tarball of ${what} does not match the integrity its registry states`,
      "The registry or something between it and you altered the package; do not use it.",
    );
}
