import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { OwnedEntry } from "../../src/compose/model.js";
import type { ComposedFile } from "../../src/emit/emitted-tree.js";
import { serializeManifest } from "../../src/manifest/canonical-manifest.js";
import { composedLine, composeFragments } from "../../src/manifest/compose-fragments.js";
import type { Manifest } from "../../src/manifest/manifest-model.js";
import { sha256 } from "../../src/shared/hash.js";
import { pair } from "../../src/shared/line-codec.js";
import { type BundleSpec, makeBundle } from "./install-fixture.js";

export interface SharedSpec {
  component: string;
  path: string;
  format: "json" | "toml";
  entries: OwnedEntry[];
}

/** A build folder like makeBundle's, plus compose fragments written by the build's own fragment writer. */
export function makeComposeBundle(spec: BundleSpec, shared: SharedSpec[]): string {
  const dir = makeBundle(spec);
  const file = join(dir, "manifest.json");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  for (const fragment of composeFragments(shared as ComposedFile[])) {
    mkdirSync(dirname(join(dir, fragment.path)), { recursive: true });
    writeFileSync(join(dir, fragment.path), fragment.bytes);
    manifest.artifacts.push(fragment.path);
    manifest.install.artifact_hashes.push(pair(fragment.path, sha256(fragment.bytes)));
    const component = manifest.install.components[fragment.component];
    if (!component) throw new Error(`no component ${fragment.component} in the bundle spec`);
    component.composed = [...(component.composed ?? []), composedLine(fragment)].sort();
  }
  manifest.artifacts.sort();
  manifest.install.artifact_hashes.sort();
  writeFileSync(file, serializeManifest(manifest));
  return dir;
}
