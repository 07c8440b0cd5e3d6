import { isLoopbackHost } from "../../install/index.js";
import { AgentcError } from "../../shared/agentc-error.js";

/** `oci://HOST[:PORT]/REPO:TAG`, `oci://HOST/REPO@sha256:<hex>`, or both (the digest wins). */
export interface OciReference {
  /** as written, normalised: oci://host/repo:tag[@digest] */
  text: string;
  host: string;
  repository: string;
  tag?: string;
  digest?: string;
  /** https, or http for a registry on this machine (loopback) */
  baseUrl: string;
}

// the OCI distribution spec's grammar for repository names and tags
const component = "[a-z0-9]+(?:(?:\\.|_|__|-+)[a-z0-9]+)*";
const repositoryPattern = new RegExp(`^${component}(?:/${component})*$`);
const tagPattern = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const digestPattern = /^sha256:[0-9a-f]{64}$/;
const hostPattern = /^(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/;

const hint =
  "write oci://HOST/REPOSITORY:TAG or oci://HOST/REPOSITORY@sha256:<digest>, e.g. oci://ghcr.io/acme/agent-config:1.2.0";

export function parseOciReference(text: string): OciReference {
  const rest = text.replace(/^oci:\/\//i, "");
  const slash = rest.indexOf("/");
  const host = slash === -1 ? "" : rest.slice(0, slash);
  if (!hostPattern.test(host)) throw bad(text, "has no registry host");
  let name = rest.slice(slash + 1);
  let digest: string | undefined;
  const at = name.indexOf("@");
  if (at !== -1) {
    digest = name.slice(at + 1);
    name = name.slice(0, at);
    if (!digestPattern.test(digest)) throw bad(text, "has a digest that is not sha256:<64 hex digits>");
  }
  let tag: string | undefined;
  const colon = name.lastIndexOf(":");
  if (colon !== -1) {
    tag = name.slice(colon + 1);
    name = name.slice(0, colon);
    if (!tagPattern.test(tag)) throw bad(text, `has a tag "${tag}" that is not [A-Za-z0-9_][A-Za-z0-9._-]*`);
  }
  if (!repositoryPattern.test(name))
    throw bad(text, `has a repository "${name}" that is not lower-case name/name`);
  if (tag === undefined && digest === undefined) throw bad(text, "names neither a tag nor a digest");
  const hostname = host.replace(/:\d+$/, "");
  const scheme = isLoopbackHost(hostname) ? "http" : "https";
  return {
    text: `oci://${host}/${name}${tag !== undefined ? `:${tag}` : ""}${digest !== undefined ? `@${digest}` : ""}`,
    host,
    repository: name,
    ...(tag !== undefined ? { tag } : {}),
    ...(digest !== undefined ? { digest } : {}),
    baseUrl: `${scheme}://${host}/`,
  };
}

function bad(text: string, problem: string): AgentcError {
  return new AgentcError("bundle", `${text} ${problem}`, hint);
}
