import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { createTarGzip } from "nanotar";
import { AgentcError } from "../../shared/agentc-error.js";
import { sha256 } from "../../shared/hash.js";
import { parseJson } from "../../shared/nesting-limit.js";
import { tarEntries } from "../../shared/tar-entries.js";
import { emptyConfig, ociManifestType, titleAnnotation } from "./oci-media-types.js";
import { parseOciReference } from "./oci-reference.js";
import { RegistryClient } from "./registry-client.js";

/** A registry's own folder (sources.json, rules, core/ …) as an OCI artifact: what another registry layers on. */
export const registrySourceArtifactType = "application/vnd.agentc.registry.v1";
export const registrySourceLayerType = "application/vnd.agentc.registry.v1.tar+gzip";
const maxLayerBytes = 64 * 1024 * 1024;
/** Folders of a registry that are not its source: its build, caches, version control, packages. */
const leftOut = new Set(["build", "node_modules"]);

/** Pushes the registry folder's files (not build/, hidden folders, node_modules or agentc.lock) under a tag. */
export async function publishRegistrySource(
  dir: string,
  target: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ reference: string; digest: string; files: number }> {
  const ref = parseOciReference(target);
  if (ref.tag === undefined || ref.digest !== undefined)
    throw new AgentcError(
      "bundle",
      `${target}: publish to a tag (oci://HOST/REPO:TAG)`,
      "the registry computes the digest",
    );
  const files = registryFiles(dir, "");
  const layer = Buffer.from(
    await createTarGzip(
      files.map((path) => ({
        name: path,
        data: readFileSync(join(dir, path)),
        attrs: { mtime: 0, uid: 0, gid: 0, mode: isExecutableFile(join(dir, path)) ? "755" : "644" },
      })),
    ),
  );
  const descriptor = {
    mediaType: registrySourceLayerType,
    digest: `sha256:${sha256(layer)}`,
    size: layer.length,
  };
  const manifest = Buffer.from(
    JSON.stringify({
      schemaVersion: 2,
      mediaType: ociManifestType,
      artifactType: registrySourceArtifactType,
      config: { mediaType: emptyConfig.mediaType, digest: emptyConfig.digest, size: emptyConfig.size },
      layers: [{ ...descriptor, annotations: { [titleAnnotation]: "registry.tar.gz" } }],
    }),
  );
  const client = new RegistryClient(ref, env);
  await client.pushBlob({ ...emptyConfig }, emptyConfig.bytes);
  await client.pushBlob(descriptor, layer);
  const digest = await client.putManifest(ref.tag, manifest);
  return { reference: ref.text, digest, files: files.length };
}

const isExecutableFile = (path: string): boolean => (statSync(path).mode & 0o111) !== 0;

/** Regular files below the registry folder, sorted; hidden entries, build/ and node_modules/ left out. */
function registryFiles(dir: string, prefix: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(join(dir, prefix)).sort()) {
    if (name.startsWith(".") || (prefix === "" && (leftOut.has(name) || name === "agentc.lock"))) continue;
    const path = `${prefix}${name}`;
    const stat = lstatSync(join(dir, path));
    if (stat.isDirectory()) found.push(...registryFiles(dir, `${path}/`));
    else if (stat.isFile()) found.push(path);
  }
  return found;
}

/** What a dependency on `oci://…` needs: the digest a tag names now, and the files of the artifact at a digest. */
export const ociRegistrySources = {
  async pin(reference: string): Promise<string> {
    return failingClearly(async () => {
      const ref = parseOciReference(reference);
      if (ref.digest) return ref.digest;
      return (await new RegistryClient(ref).manifest(ref.tag ?? "latest")).digest;
    });
  },
  async files(
    reference: string,
    digest: string,
  ): Promise<{ files: Map<string, Uint8Array>; executables: Set<string> }> {
    return failingClearly(async () => {
      const client = new RegistryClient(parseOciReference(reference));
      const manifest = parseJson((await client.manifest(digest)).bytes.toString("utf8")) as {
        artifactType?: string;
        layers?: { mediaType?: string; digest?: string; size?: number }[];
      };
      const layer = manifest.layers?.find((l) => l.mediaType === registrySourceLayerType);
      if (
        manifest.artifactType !== registrySourceArtifactType ||
        !layer?.digest ||
        typeof layer.size !== "number"
      )
        throw new AgentcError(
          "bundle",
          `${reference} is not an agentc registry (artifact type ${manifest.artifactType ?? "none"})`,
          "publish the registry folder with 'agentc publish <registry> oci://…'; a bundle cannot be layered",
        );
      return unpackLayer(await blob(client, { digest: layer.digest, size: layer.size }));
    });
  },
};

async function blob(client: RegistryClient, descriptor: { digest: string; size: number }): Promise<Buffer> {
  const work = mkdtempSync(join(tmpdir(), "agentc-oci-dep-"));
  try {
    const file = join(work, "layer");
    await client.blobToFile({ mediaType: registrySourceLayerType, ...descriptor }, file, maxLayerBytes);
    const bytes = readFileSync(file);
    if (`sha256:${sha256(bytes)}` !== descriptor.digest)
      throw new AgentcError(
        "bundle",
        `the layer ${descriptor.digest} arrived with other bytes`,
        "the registry is damaged",
      );
    return bytes;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function unpackLayer(bytes: Buffer): { files: Map<string, Uint8Array>; executables: Set<string> } {
  const files = new Map<string, Uint8Array>();
  const executables = new Set<string>();
  for (const item of tarEntries(gunzipSync(bytes, { maxOutputLength: 4 * maxLayerBytes }))) {
    if (item.type !== "file" || !item.data) continue;
    files.set(item.name, item.data);
    if ((Number.parseInt(item.attrs?.mode ?? "0", 8) & 0o111) !== 0) executables.add(item.name);
  }
  return { files, executables };
}

/** Errors carry their hint, and say whether nothing answered (so a cached copy may stand in). */
async function failingClearly<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    throw Object.assign(new Error(error.message), {
      hint: error.hint,
      unreachable: error.unreachable,
    });
  }
}
