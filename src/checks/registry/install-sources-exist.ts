import type { Finding } from "../../diagnostics/check-meta.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import type { JsonPath } from "../../documents/json-document.js";
import { seedSets } from "../../registry/install-files.js";
import type { Registry, ResolvedAdapter } from "../../registry/model.js";
import { joinPath } from "../../shared/posix-path.js";
import type { RegistryCheck } from "../check.js";
import { adapterFieldPosition, adapterLabel } from "../positions.js";

const withSeed = (extraFiles: Record<string, string>) =>
  withBase({
    "targets.json": targetsWith([
      {
        ...agentsMdAdapter,
        install: {
          seeds: { source_dir: "seeds", install_dir: ".vscode", files: ["settings.json"] },
          owned_assets: [{ source: "assets/check.sh", install: "tools/check.sh", kind: "program" }],
        },
      },
    ]),
    ...extraFiles,
  });

/** A registry file an adapter copies into the bundle, with the JSON path that names it. */
interface InstallSource {
  path: string;
  at: JsonPath;
}

export const installSourcesExist: RegistryCheck = {
  id: "AGC024",
  slug: "install-sources-exist",
  stage: "registry",
  severity: "error",
  title: "Files named by install.seeds and install.owned_assets must exist in the registry",
  description:
    "Seeds (source_dir + files) and owned assets (source) are copied from the registry into the bundle. A missing or unreadable file would leave a hole in every install.",
  hint: "Add the file to the registry, or fix the name in targets.json.",
  get examples() {
    return {
      passing: withSeed({ "seeds/settings.json": "{}\n", "assets/check.sh": "#!/bin/sh\nexit 0\n" }),
      failing: withSeed({ "assets/check.sh": "#!/bin/sh\nexit 0\n" }),
      expected: [
        'targets.json:19:13: error AGC024 Unexpected missing file "seeds/settings.json" named by adapter "agents-md", expected a readable file in the registry (at most the asset size limit)',
      ],
    };
  },
  *run(registry) {
    for (const resolved of registry.adapters) yield* missingSources(registry, resolved);
  },
};

function* missingSources(registry: Registry, resolved: ResolvedAdapter): Iterable<Finding> {
  for (const source of installSources(resolved)) {
    if (registry.files.has(source.path)) continue;
    yield {
      position: adapterFieldPosition(resolved, source.at),
      message: `Unexpected missing file "${source.path}" named by adapter ${adapterLabel(resolved)}, expected a readable file in the registry (at most the asset size limit)`,
    };
  }
}

function installSources(resolved: ResolvedAdapter): InstallSource[] {
  const install = resolved.adapter.install;
  const fromSeeds = seedSets(resolved.adapter).flatMap((set) =>
    set.files.map((name, fileIndex) => ({
      path: joinPath(set.source_dir, name),
      at: [...set.at, "files", fileIndex],
    })),
  );
  const fromAssets = (install?.owned_assets ?? []).map((asset, index) => ({
    path: asset.source,
    at: ["install", "owned_assets", index, "source"],
  }));
  return [...fromSeeds, ...fromAssets];
}
