import * as Enums from "@cyclonedx/cyclonedx-library/Enums";
import { PackageURL } from "packageurl-js";
import type { DependencyInput } from "../model.js";

/** Where an input came from, as CycloneDX says it: a package URL where one exists, and links. */
export interface OriginReferences {
  purl?: string;
  references: [string, Enums.ExternalReferenceType][];
}

/**
 * pkg:npm for an npm package, pkg:oci for an OCI reference, pkg:github for a repository on github.com;
 * any other git repository or URL is a vcs or distribution link (purl has no type for an arbitrary host).
 */
export function originReferences(input: DependencyInput): OriginReferences {
  const origin = input.origin;
  if (input.kind === "npm") return { purl: npmPurl(origin, input.version), references: [] };
  if (origin.startsWith("oci://")) return { purl: ociPurl(origin, input.version), references: [] };
  const github =
    /^(?:https:\/\/|git@|ssh:\/\/git@)github\.com[/:]([^/]+)\/([^/#?]+?)(?:\.git)?(?:[/#?].*)?$/.exec(origin);
  const vcs = input.kind === "git" || input.kind === "registry";
  const links: [string, Enums.ExternalReferenceType][] = isUrl(origin)
    ? [[origin, vcs ? Enums.ExternalReferenceType.VCS : Enums.ExternalReferenceType.Distribution]]
    : [];
  if (github && vcs)
    return {
      purl: new PackageURL(
        "github",
        github[1],
        github[2] as string,
        input.version,
        undefined,
        undefined,
      ).toString(),
      references: links,
    };
  return { references: links };
}

/** "@scope/name@^1.2" or "name" → pkg:npm/%40scope/name@<resolved version>. */
function npmPurl(spec: string, version: string): string {
  const at = spec.indexOf("@", 1);
  const name = at === -1 ? spec : spec.slice(0, at);
  const slash = name.startsWith("@") ? name.indexOf("/") : -1;
  const [namespace, local] = slash === -1 ? [undefined, name] : [name.slice(0, slash), name.slice(slash + 1)];
  return new PackageURL("npm", namespace, local, version, undefined, undefined).toString();
}

/** oci://host/path/name:tag resolved to a digest → pkg:oci/name@sha256:…?repository_url=host/path/name. */
function ociPurl(reference: string, digest: string): string {
  const location = reference.slice("oci://".length).replace(/[:@][^/]*$/, "");
  const name = location.slice(location.lastIndexOf("/") + 1).toLowerCase();
  return new PackageURL("oci", undefined, name, digest, { repository_url: location }, undefined).toString();
}

function isUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}
