import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import type { JsonPath } from "../../documents/json-document.js";
import { alwaysOnPath, seedSets } from "../../registry/install-files.js";
import type { Adapter, Registry, Tool } from "../../registry/model.js";
import { pathProblem } from "../../shared/path-check.js";
import { joinPath } from "../../shared/posix-path.js";
import type { RegistryCheck } from "../check.js";
import { adapterFieldPosition, adapterLabel } from "../positions.js";

/** One path a registry declares, where it is written, and which side of the install it lives on. */
interface DeclaredPath {
  value: string;
  at: JsonPath;
  what: string;
  side: "project" | "registry";
}

const withLegacy = (legacy: string[]) =>
  withBase({ "targets.json": targetsWith([{ ...agentsMdAdapter, install: { legacy_cleanup: legacy } }]) });

export const installPathsSafe: RegistryCheck = {
  id: "AGC035",
  slug: "install-paths-safe",
  stage: "registry",
  severity: "error",
  title: "Every path an adapter or tool declares must stay inside the project",
  description:
    "output_dir, the always-on file, symlink links and targets, legacy_cleanup, scaffold_dirs, seed and asset paths, and tool project_path/payload/payload_keep are written or removed by the installer. Each must be relative, '/'-separated, normalised, free of '..', '.git' and names Windows refuses. Seed and asset sources must stay inside the registry. An empty output_dir (root files) is allowed. Rule slugs are letters, digits and '-' by construction; the one unsafe slug, a reserved device name, is AGC021.",
  hint: "Write the path relative to the project root, with '/' and without '..', e.g. 'docs/old-rules.md'.",
  get examples() {
    return {
      passing: withLegacy([".cursorrules", "docs/old-rules.md"]),
      failing: withLegacy(["../outside.md"]),
      expected: [
        'targets.json:16:11: error AGC035 Unexpected legacy_cleanup path "../outside.md" in adapter "agents-md": it holds a \'..\' segment; expected a relative path inside the project',
      ],
    };
  },
  *run(registry) {
    for (const resolved of registry.adapters) {
      for (const path of adapterPaths(resolved.adapter)) {
        const problem = pathProblem(path.value);
        if (!problem) continue;
        yield {
          position: adapterFieldPosition(resolved, path.at),
          message: `Unexpected ${path.what} "${path.value}" in adapter ${adapterLabel(resolved)}: it ${problem}; ${expected(path)}`,
        };
      }
    }
    yield* unsafeToolPaths(registry);
  },
};

function expected(path: DeclaredPath): string {
  return path.side === "project"
    ? "expected a relative path inside the project"
    : "expected a relative path inside the registry";
}

function adapterPaths(adapter: Adapter): DeclaredPath[] {
  const out: DeclaredPath[] = [];
  const add = (
    value: string | undefined,
    at: JsonPath,
    what: string,
    side: DeclaredPath["side"] = "project",
  ) => {
    if (value !== undefined) out.push({ value, at, what, side });
  };
  if (adapter.output_dir) add(adapter.output_dir, ["output_dir"], "output_dir");
  add(alwaysOnPath(adapter), ["pinned_global_name"], "always-on file");
  if (adapter.scoped_layout === "flat")
    add(`rule${adapter.extension ?? ".md"}`, ["extension"], "rule file name");
  if (adapter.scoped_layout === "per_rule_dir")
    add(adapter.per_rule_filename, ["per_rule_filename"], "per_rule_filename");
  const install = adapter.install ?? {};
  for (const [i, link] of (install.adapter_symlinks ?? []).entries()) {
    add(link.link, ["install", "adapter_symlinks", i, "link"], "symlink");
    add(link.target, ["install", "adapter_symlinks", i, "target"], "symlink target");
  }
  for (const [i, path] of (install.legacy_cleanup ?? []).entries())
    add(path, ["install", "legacy_cleanup", i], "legacy_cleanup path");
  for (const [i, path] of (install.scaffold_dirs ?? []).entries())
    add(path, ["install", "scaffold_dirs", i], "scaffold_dirs path");
  out.push(...seedPaths(adapter));
  for (const [i, asset] of (install.owned_assets ?? []).entries()) {
    add(asset.install, ["install", "owned_assets", i, "install"], "owned asset path");
    add(asset.source, ["install", "owned_assets", i, "source"], "owned asset source", "registry");
  }
  return out;
}

function seedPaths(adapter: Adapter): DeclaredPath[] {
  return seedSets(adapter).flatMap((set) => {
    const base: JsonPath = set.at;
    return set.files.flatMap((name, i): DeclaredPath[] => [
      {
        value: joinPath(set.install_dir, name),
        at: [...base, "files", i],
        what: "seed path",
        side: "project",
      },
      {
        value: joinPath(set.source_dir, name),
        at: [...base, "files", i],
        what: "seed source",
        side: "registry",
      },
    ]);
  });
}

function* unsafeToolPaths(registry: Registry) {
  for (const [index, tool] of (registry.targets.tools ?? []).entries()) {
    for (const { value, at } of toolPaths(tool)) {
      const problem = pathProblem(value);
      if (!problem) continue;
      yield {
        position: registry.targetsDocument.positionOf(["tools", index, ...at]),
        message: `Unexpected ${at[0]} "${value}" of tool "${tool.name}": it ${problem}; expected a relative path inside the project`,
      };
    }
  }
}

function toolPaths(tool: Tool): { value: string; at: JsonPath }[] {
  const project = tool.project_path === undefined ? [] : [{ value: tool.project_path, at: ["project_path"] }];
  const lists = (["payload", "payload_keep"] as const).flatMap((key) =>
    (tool[key] ?? []).map((value, i) => ({ value, at: [key, i] })),
  );
  return [...project, ...lists];
}
