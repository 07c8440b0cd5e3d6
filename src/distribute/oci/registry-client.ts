import { type Downloaded, downloadToFile } from "../../install/index.js";
import { AgentcError } from "../../shared/agentc-error.js";
import { sha256 } from "../../shared/hash.js";
import { parseJson } from "../../shared/nesting-limit.js";
import type { Descriptor } from "./oci-artifact.js";
import { ociIndexType, ociManifestType } from "./oci-media-types.js";
import type { OciReference } from "./oci-reference.js";
import { answerChallenge, authHint, parseChallenge } from "./registry-auth.js";
import { type Credentials, credentialsFor } from "./registry-credentials.js";
import {
  type RegistryRequest,
  type RegistryResponse,
  registryProblem,
  registryRequest,
} from "./registry-http.js";

type Access = "pull" | "pull,push";

/**
 * The part of the OCI distribution API agentc uses, for one repository: manifests by tag or digest,
 * blobs (exists, upload in one PUT, download), with the token flow answered once per access and reused.
 */
export class RegistryClient {
  private readonly authorization = new Map<Access, string>();
  private readonly credentials: Credentials | undefined;

  constructor(
    readonly ref: OciReference,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.credentials = credentialsFor(ref.host, env);
  }

  /** The manifest at a tag or digest, with the digest of its bytes; a registry naming another digest is refused. */
  async manifest(reference: string): Promise<{ bytes: Buffer; digest: string }> {
    const found = await this.manifestIfAny(reference);
    if (!found)
      throw this.failure(`has no manifest ${reference}`, "check the tag; 'agentc publish' pushes one");
    return found;
  }

  /** The same, or undefined when the registry has none there (404). */
  async manifestIfAny(
    reference: string,
    accept = ociManifestType,
  ): Promise<{ bytes: Buffer; digest: string } | undefined> {
    const response = await this.send("pull", {
      method: "GET",
      url: this.url(`manifests/${reference}`),
      headers: { accept },
    });
    if (response.status === 404) return undefined;
    if (response.status !== 200)
      throw this.failure(`answered ${registryProblem(response)} for the manifest ${reference}`);
    const digest = `sha256:${sha256(response.body)}`;
    const named = response.headers["docker-content-digest"];
    const expected = reference.startsWith("sha256:")
      ? reference
      : typeof named === "string"
        ? named
        : undefined;
    if (expected !== undefined && expected !== digest)
      throw this.failure(
        `sent a manifest with digest ${digest}, but ${expected} was named; nothing was installed`,
        "the registry or something between is damaging data: do not install from it",
      );
    return { bytes: response.body, digest };
  }

  /** The repository's tags (tags/list, following its next-page links on the same registry), at most maxTags. */
  async tags(): Promise<string[]> {
    const found: string[] = [];
    let url: URL | undefined = this.url(`tags/list?n=${tagsPerPage}`);
    while (url !== undefined && found.length < maxTags) {
      const response = await this.send("pull", {
        method: "GET",
        url,
        headers: { accept: "application/json" },
      });
      if (response.status === 404) return found;
      if (response.status !== 200)
        throw this.failure(`answered ${registryProblem(response)} for its tag list`);
      const page = tagPage(response.body);
      if (page === undefined) throw this.failure('sent a tag list that is not {"tags": [...]}');
      found.push(...page);
      url = nextPage(response.headers.link, url);
    }
    return found.slice(0, maxTags);
  }

  async hasBlob(digest: string): Promise<boolean> {
    const response = await this.send("pull,push", { method: "HEAD", url: this.url(`blobs/${digest}`) });
    return response.status === 200;
  }

  /** Uploads a blob in one request (POST to open the upload, PUT with the digest), unless it is there. */
  async pushBlob(descriptor: Descriptor, body: Buffer | { file: string; size: number }): Promise<void> {
    if (await this.hasBlob(descriptor.digest)) return;
    const opened = await this.send("pull,push", { method: "POST", url: this.url("blobs/uploads/") });
    const location = opened.headers.location;
    if (opened.status !== 202 || typeof location !== "string")
      throw this.failure(`answered ${registryProblem(opened)} when asked to start an upload`);
    const target = new URL(location, this.ref.baseUrl);
    target.searchParams.set("digest", descriptor.digest);
    const put = await this.send("pull,push", {
      method: "PUT",
      url: target,
      headers: { "content-type": "application/octet-stream" },
      body,
      idleMs: 120_000,
    });
    if (put.status !== 201)
      throw this.failure(`answered ${registryProblem(put)} to the upload of ${descriptor.digest}`);
  }

  /** Puts a manifest under a tag; returns its digest (checked against the one the registry names). */
  async putManifest(tag: string, bytes: Buffer): Promise<string> {
    return (await this.pushManifest(tag, bytes, ociManifestType)).digest;
  }

  /**
   * Puts a manifest or index under a tag or its digest. `subject` is the registry's OCI-Subject header: a
   * registry that keeps referrers itself names the subject of a manifest that has one (distribution spec 1.1).
   */
  async pushManifest(
    reference: string,
    bytes: Buffer,
    mediaType: string,
  ): Promise<{ digest: string; subject?: string }> {
    const digest = `sha256:${sha256(bytes)}`;
    const response = await this.send("pull,push", {
      method: "PUT",
      url: this.url(`manifests/${reference}`),
      headers: { "content-type": mediaType },
      body: bytes,
    });
    if (response.status !== 201) throw this.failure(`answered ${registryProblem(response)} to the manifest`);
    const named = response.headers["docker-content-digest"];
    if (typeof named === "string" && named !== digest)
      throw this.failure(`stored the manifest as ${named}, but its digest is ${digest}`);
    const subject = response.headers["oci-subject"];
    return { digest, ...(typeof subject === "string" ? { subject } : {}) };
  }

  /**
   * The referrers API (distribution spec 1.1): the image index of the manifests whose subject is `digest`,
   * of one artifact type; undefined when the registry does not offer the API (404), as CNCF distribution 2.x.
   */
  async referrers(digest: string, artifactType: string): Promise<Buffer | undefined> {
    const url = this.url(`referrers/${digest}`);
    url.searchParams.set("artifactType", artifactType);
    const response = await this.send("pull", { method: "GET", url, headers: { accept: ociIndexType } });
    if (response.status === 404) return undefined;
    if (response.status !== 200)
      throw this.failure(`answered ${registryProblem(response)} for the referrers of ${digest}`);
    return response.body;
  }

  /** Downloads a blob into `file` (new), bounded by its size; the caller compares the digest. */
  async blobToFile(descriptor: Descriptor, file: string, maxBytes: number): Promise<Downloaded> {
    if (descriptor.size > maxBytes)
      throw this.failure(
        `names a bundle of ${descriptor.size} bytes, over the limit of ${maxBytes}`,
        "raise the limit only for a source you trust",
      );
    await this.send("pull", { method: "HEAD", url: this.url(`blobs/${descriptor.digest}`) });
    const authorization = this.authorization.get("pull");
    const downloaded = await downloadToFile(this.url(`blobs/${descriptor.digest}`), file, {
      maxBytes: descriptor.size,
      timeoutMs: 10 * 60_000,
      stallMs: 30_000,
      ...(authorization ? { headers: { authorization } } : {}),
    });
    if (downloaded.bytes !== descriptor.size)
      throw this.failure(
        `sent ${downloaded.bytes} bytes of ${descriptor.digest}, but its size is ${descriptor.size}; nothing was unpacked`,
        "try again; if it persists, the registry is damaged",
      );
    return downloaded;
  }

  private url(path: string): URL {
    return new URL(`v2/${this.ref.repository}/${path}`, this.ref.baseUrl);
  }

  /** Sends with the authorization for `access`; a 401 is answered once (token flow), then the request repeats. */
  private async send(access: Access, req: RegistryRequest): Promise<RegistryResponse> {
    const known = this.authorization.get(access);
    const withAuth = (auth: string | undefined): RegistryRequest => ({
      ...req,
      headers: { ...req.headers, ...(auth ? { authorization: auth } : {}) },
    });
    const first = await registryRequest(withAuth(known));
    if (first.status !== 401) return first;
    const challenge = parseChallenge(first.headers["www-authenticate"]);
    if (!challenge)
      throw this.failure("refused the request (401) without saying how to authenticate", authHint);
    const scope = `repository:${this.ref.repository}:${access}`;
    const auth = await answerChallenge(challenge, this.credentials, scope, this.ref.text);
    this.authorization.set(access, auth);
    const second = await registryRequest(withAuth(auth));
    if (second.status === 401 || second.status === 403)
      throw this.failure(`refused the credentials (${registryProblem(second)})`, authHint);
    return second;
  }

  private failure(
    problem: string,
    hint = "check the reference and the registry; if it is flaky, try again",
  ): AgentcError {
    return new AgentcError("bundle", `${this.ref.text}: the registry ${problem}`, hint);
  }
}

const tagsPerPage = 1000;
/** More tags than any registry's release history: a registry sending more is cut off, not followed. */
const maxTags = 10_000;

function tagPage(body: Buffer): string[] | undefined {
  try {
    const tags = (parseJson(body.toString("utf8")) as { tags?: unknown }).tags;
    if (tags === null || tags === undefined) return [];
    return Array.isArray(tags) && tags.every((t) => typeof t === "string") ? tags : undefined;
  } catch {
    return undefined;
  }
}

/** The next page of a tag list (Link: <...>; rel="next"), only on the same registry as the current page. */
function nextPage(link: string | string[] | undefined, current: URL): URL | undefined {
  const text = Array.isArray(link) ? link.join(", ") : link;
  const target = text?.match(/<([^>]*)>\s*;\s*rel="?next"?/)?.[1];
  if (target === undefined) return undefined;
  const next = new URL(target, current);
  return next.origin === current.origin && next.href !== current.href ? next : undefined;
}
