import { serializeServeIndex, serveIndexName } from "../distribute/serve-index.js";
import { bundleManifestName } from "../packaging/bundle-manifest.js";
import { folderSignatureName } from "../packaging/signature/bundle-signature.js";
import { buildServeIndex, bundleAddress, composeFolder, filesFolder, treeAddress } from "./build-index.js";
import { plainPage } from "./plain-page.js";
import { renovatePreset, renovatePresetAddress } from "./renovate-preset.js";
import { fileResource, memoryResource, type Resource } from "./resource.js";
import type { ServedVersion } from "./served-version.js";
import type { SiteFiles } from "./site-files.js";

/** Every address the server answers, decided at start: request path (without the leading '/') → resource. */
export type Routes = Map<string, Resource>;

export interface RouteInput {
  /** newest first */
  versions: readonly ServedVersion[];
  site: SiteFiles | undefined;
  baseUrl: string;
  /** the POSIX installer for one version, or undefined when it cannot be offered */
  installScript?: (version: ServedVersion) => string;
}

/**
 * The layout (docs/serve.md): per version `v/<version>/` (manifest.json, install.sh, the published tree in files/) and its
 * bundle at `bundles/<sha256>.zip`; the newest also at `latest/`, `manifest.json`, `bundle.zip`; the
 * index; the Renovate preset; the registry page at `/`. Only these exact paths exist: nothing is looked up on disk by name.
 */
export function serveRoutes(input: RouteInput): Routes {
  const routes: Routes = new Map();
  for (const [path, bytes] of input.site ?? []) routes.set(path, memoryResource(path, bytes));
  const index = buildServeIndex(input.versions);
  if (!input.site?.has("index.html"))
    routes.set("index.html", memoryResource("index.html", plainPage(index, input.baseUrl)));
  routes.set("", routes.get("index.html") as Resource);
  for (const version of input.versions) addVersion(routes, version, treeAddress(version.version), input);
  const latest = input.versions[0];
  if (latest) {
    addVersion(routes, latest, "latest/", input);
    routes.set(bundleManifestName, memoryResource(bundleManifestName, latest.manifest));
    routes.set("bundle.zip", fileResource("bundle.zip", latest.bundle));
    routes.set("bundle.zip.sha256", memoryResource("bundle.zip.sha256", checksumLine(latest, "bundle.zip")));
    if (latest.signature)
      routes.set("bundle.zip.sig", memoryResource("bundle.zip.sig", latest.signature.bytes));
    const script = input.installScript?.(latest);
    if (script !== undefined) routes.set("install.sh", memoryResource("install.sh", script));
  }
  routes.set(serveIndexName, memoryResource(serveIndexName, serializeServeIndex(index)));
  routes.set(renovatePresetAddress, memoryResource(renovatePresetAddress, renovatePreset()));
  return routes;
}

function addVersion(routes: Routes, version: ServedVersion, prefix: string, input: RouteInput): void {
  const bundle = bundleAddress(version.bundle.sha256);
  routes.set(bundle, fileResource(bundle, version.bundle, true));
  const name = bundle.slice(bundle.lastIndexOf("/") + 1);
  routes.set(`${bundle}.sha256`, memoryResource(`${bundle}.sha256`, checksumLine(version, name), true));
  routes.set(`${prefix}${bundleManifestName}`, memoryResource(bundleManifestName, version.manifest));
  if (version.signature) {
    routes.set(`${bundle}.sig`, memoryResource(`${bundle}.sig`, version.signature.bytes, true));
    routes.set(
      `${prefix}${folderSignatureName}`,
      memoryResource(folderSignatureName, version.signature.bytes),
    );
  }
  for (const [path, file] of version.tree)
    routes.set(`${prefix}${filesFolder}${path}`, fileResource(path, file));
  for (const c of version.composed) {
    const at = `${prefix}${composeFolder}${c.component}/${c.path}`;
    routes.set(at, memoryResource(c.path, c.text));
    routes.set(`${at}.record`, memoryResource(`${c.path}.record`, c.record));
  }
  const script = input.installScript?.(version);
  if (script !== undefined) routes.set(`${prefix}install.sh`, memoryResource("install.sh", script));
}

/** sha256sum's layout, as 'agentc pack' writes bundle.zip.sha256. */
function checksumLine(version: ServedVersion, name: string): string {
  return `${version.bundle.sha256}  ${name}\n`;
}
