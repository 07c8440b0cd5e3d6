import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { serializeManifest } from "../src/manifest/canonical-manifest.js";
import type { Manifest } from "../src/manifest/manifest-model.js";
import { sha256 } from "../src/shared/hash.js";
import { pair } from "../src/shared/line-codec.js";

/**
 * A build folder as 'agentc build' lays it out: the files at their install paths and a manifest.json
 * with one required component owning `ownedDir` (and any file outside it as an owned file).
 */
export function writeBuildFolder(
  dir: string,
  files: Record<string, string | Buffer>,
  ownedDir: string,
  version: string,
): void {
  const paths = Object.keys(files).sort();
  for (const path of paths) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), files[path] as string | Buffer);
  }
  const manifest: Manifest = {
    version: 1,
    artifacts: paths,
    install: {
      components: {
        rules: {
          owned_dirs: [ownedDir],
          owned_files: paths.filter((p) => !p.startsWith(`${ownedDir}/`)),
          symlinks: [],
          seeds: [],
          preserve: [],
          remove: [],
          scaffold_dirs: [],
          required: true,
          name: "rules",
          executables: [],
        },
      },
      artifact_hashes: paths.map((p) => pair(p, sha256(files[p] as string | Buffer))),
      seed_hashes: [],
      seed_refresh_hashes: [],
      tools: [],
      tool_paths: [],
      tool_payloads: [],
      tool_payload_keep: [],
      publish_rewrites: [],
    },
    registry_version: version,
  };
  writeFileSync(join(dir, "manifest.json"), serializeManifest(manifest));
}
