import type { Finding } from "../../diagnostics/check-meta.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import { hasAlwaysOnFile } from "../../registry/install-files.js";
import type { Adapter, ResolvedAdapter } from "../../registry/model.js";
import type { RegistryCheck } from "../check.js";
import { adapterFieldPosition, adapterLabel } from "../positions.js";

/** A field an adapter's other settings make necessary: when it is needed, and why. */
interface Requirement {
  field: keyof Adapter;
  neededBy: keyof Adapter;
  applies(adapter: Adapter): boolean;
  missing(adapter: Adapter): boolean;
  why: string;
}

const requirements: Requirement[] = [
  {
    field: "pinned_global_name",
    neededBy: "global_placement",
    applies: (a) => a.global_placement === "single_file" || a.global_placement === "pinned_module",
    missing: (a) => a.pinned_global_name === undefined,
    why: "names the always-on file",
  },
  {
    field: "per_rule_filename",
    neededBy: "scoped_layout",
    applies: (a) => a.scoped_layout === "per_rule_dir",
    missing: (a) => a.per_rule_filename === undefined,
    why: "names the file in each rule's folder",
  },
  {
    field: "extension",
    neededBy: "scoped_layout",
    applies: (a) => a.scoped_layout === "flat",
    missing: (a) => a.extension === undefined,
    why: "ends each rule's file name",
  },
];

export const adapterIsComplete: RegistryCheck = {
  id: "AGC034",
  slug: "adapter-is-complete",
  stage: "registry",
  severity: "error",
  title: "An adapter must have every field its layout needs",
  description:
    "global_placement single_file or pinned_module needs pinned_global_name; scoped_layout per_rule_dir needs per_rule_filename; scoped_layout flat needs extension; scoped_fallback fold needs an always-on file to fold into. Without them the adapter would write files under made-up names or drop rules.",
  hint: "Add the missing field to the adapter in targets.json, or change the setting that needs it.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "targets.json": targetsWith([
          agentsMdAdapter,
          { id: "rules", output_dir: ".rules", scoped_layout: "flat" },
        ]),
      }),
      expected: [
        'targets.json:18:24: error AGC034 Unexpected scoped_layout "flat" without extension in adapter "rules", expected extension (it ends each rule\'s file name)',
      ],
    };
  },
  *run(registry) {
    for (const resolved of registry.adapters) yield* incomplete(resolved);
  },
};

function* incomplete(resolved: ResolvedAdapter): Iterable<Finding> {
  const adapter = resolved.adapter;
  for (const need of requirements) {
    if (!need.applies(adapter) || !need.missing(adapter)) continue;
    yield {
      position: adapterFieldPosition(resolved, [need.neededBy]),
      message: `Unexpected ${need.neededBy} "${adapter[need.neededBy]}" without ${need.field} in adapter ${adapterLabel(resolved)}, expected ${need.field} (it ${need.why})`,
    };
  }
  if (adapter.scoped_fallback === "fold" && !hasAlwaysOnFile(adapter)) {
    yield {
      position: adapterFieldPosition(resolved, ["scoped_fallback"]),
      message: `Unexpected scoped_fallback "fold" in adapter ${adapterLabel(resolved)} without an always-on file, expected global_placement single_file or pinned_module with pinned_global_name`,
    };
  }
}
