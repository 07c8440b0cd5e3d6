import type { Finding } from "../../diagnostics/check-meta.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import { installedFiles } from "../../registry/install-files.js";
import type { Registry, ResolvedAdapter } from "../../registry/model.js";
import type { RegistryCheck } from "../check.js";
import { adapterFieldPosition, adapterLabel } from "../positions.js";

const rulesAdapter = { id: "rules", output_dir: ".ai/rules", extension: ".md", scoped_layout: "flat" };

export const adapterOutputsDisjoint: RegistryCheck = {
  id: "AGC025",
  slug: "adapter-outputs-disjoint",
  stage: "registry",
  severity: "error",
  title: "Adapters must have distinct ids and output folders that do not overlap",
  description:
    "The id is the component name in the installer, and output_dir is replaced whole on install. Two targets[] entries with one id would silently merge; an output_dir equal to or inside another adapter's would be wiped by that adapter's install, and so would a file (always-on file, symlink, seed, owned asset) that one adapter installs into another's folder. An empty output_dir (root files) owns no folder.",
  hint: "Give each adapter its own id and an output_dir that is neither equal to nor inside another's.",
  get examples() {
    return {
      passing: withBase({
        "targets.json": targetsWith([
          agentsMdAdapter,
          rulesAdapter,
          { ...rulesAdapter, id: "team-skills", output_dir: ".ai/skills" },
        ]),
      }),
      failing: withBase({
        "targets.json": targetsWith([
          agentsMdAdapter,
          rulesAdapter,
          { ...rulesAdapter, id: "nested", output_dir: ".ai/rules/more" },
        ]),
      }),
      expected: [
        'targets.json:23:21: error AGC025 Unexpected output_dir ".ai/rules/more" of adapter "nested": it is inside ".ai/rules" of adapter "rules", expected folders that do not overlap',
      ],
    };
  },
  *run(registry) {
    yield* duplicateIds(registry);
    yield* overlappingFolders(registry.adapters);
    yield* filesInForeignFolders(registry.adapters);
  },
};

function* duplicateIds(registry: Registry): Iterable<Finding> {
  const seen = new Map<string, number>();
  for (const [index, entry] of (registry.targets.targets ?? []).entries()) {
    const first = seen.get(entry.id);
    if (first === undefined) {
      seen.set(entry.id, index);
      continue;
    }
    yield {
      position: registry.targetsDocument.positionOf(["targets", index, "id"]),
      message: `Unexpected second adapter with id "${entry.id}" (targets[${first}] has it too), expected unique ids`,
      related: [
        {
          position: registry.targetsDocument.positionOf(["targets", first, "id"]),
          message: `the first "${entry.id}"`,
        },
      ],
    };
  }
}

function* overlappingFolders(adapters: readonly ResolvedAdapter[]): Iterable<Finding> {
  const owning = adapters.filter((a) => folderOf(a) !== "");
  for (const [index, inner] of owning.entries()) {
    for (const outer of owning.slice(0, index)) {
      const [a, b] = [folderOf(outer), folderOf(inner)];
      const relation =
        a === b ? "the same as" : b.startsWith(`${a}/`) ? "inside" : a.startsWith(`${b}/`) ? "around" : "";
      if (!relation) continue;
      yield {
        position: adapterFieldPosition(inner, ["output_dir"]),
        message: `Unexpected output_dir "${b}" of adapter ${adapterLabel(inner)}: it is ${relation} "${a}" of adapter ${adapterLabel(outer)}, expected folders that do not overlap`,
      };
    }
  }
}

function folderOf(resolved: ResolvedAdapter): string {
  return (resolved.adapter.output_dir ?? "").replace(/^\.\/+/, "").replace(/\/+$/, "");
}

function* filesInForeignFolders(adapters: readonly ResolvedAdapter[]): Iterable<Finding> {
  const owners = adapters.filter((a) => folderOf(a) !== "");
  for (const resolved of adapters) {
    for (const file of installedFiles(resolved.adapter)) {
      const owner = owners.find((o) => o !== resolved && file.path.startsWith(`${folderOf(o)}/`));
      if (!owner) continue;
      yield {
        position: adapterFieldPosition(resolved, file.at),
        message: `Unexpected ${file.path} from adapter ${adapterLabel(resolved)} inside "${folderOf(owner)}", the output_dir of adapter ${adapterLabel(owner)}, expected it outside: that install replaces the whole folder`,
      };
    }
  }
}
