import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import { alwaysOnPath } from "../../registry/install-files.js";
import type { AdoptSpec } from "../../registry/model.js";
import type { OutputCheck } from "../check.js";
import { adapterFieldPosition, adapterLabel } from "../positions.js";

const withAdopt = (adopt: AdoptSpec) =>
  withBase({ "targets.json": targetsWith([{ ...agentsMdAdapter, install: { adopt: [adopt] } }]) });

/**
 * What an adapter composes into a person's instruction file must exist in the build: a block is the
 * adapter's own file at that path, an import names a file the build writes. Otherwise the installer would
 * compose nothing into the person's file, or an import that leads nowhere.
 */
export const adoptTargetEmitted: OutputCheck = {
  id: "AGC120",
  slug: "adopt-target-emitted",
  stage: "output",
  severity: "error",
  title: "What an adapter composes into a person's file is a file the build writes",
  description:
    "Issue 11: install.adopt says how the installer composes into an always-on file a person wrote. A 'block' puts the adapter's own file at that path into the person's file as a marked block, so the adapter must write that file; an 'import' puts an import line of the target into it, so the build must write the target. An always-on file that this build leaves unwritten (no global rule) is an info: nothing is composed and nothing lost, and it appears once a global rule does (an imported project without AGENTS.md is one).",
  hint: "Compose the adapter's own always-on file as a block, import a file the build writes, or remove the adopt entry.",
  get examples() {
    return {
      passing: withAdopt({ path: "AGENTS.md", as: "block" }),
      failing: withAdopt({
        path: "GEMINI.md",
        as: "import",
        target: "docs/AGENTS.md",
        import_template: "@{target}",
      }),
      expected: [
        `targets.json:19:23: error AGC120 Adapter "agents-md" composes an import of docs/AGENTS.md into a person's GEMINI.md, but the build writes no docs/AGENTS.md, so the import would lead nowhere`,
      ],
    };
  },
  *run(registry, tree) {
    const written = new Map(tree.files.map((f) => [f.path, f.component]));
    // the project's own link there leads to where the build writes the adapter's file (native.json `through`)
    for (const copy of registry.natives ?? []) if (copy.through) written.set(copy.through, copy.component);
    const alwaysOn = new Set(registry.adapters.flatMap(({ adapter }) => alwaysOnPath(adapter) ?? []));
    for (const resolved of registry.adapters) {
      const id = resolved.adapter.id;
      for (const [index, spec] of (resolved.adapter.install?.adopt ?? []).entries()) {
        const file = spec.as === "block" ? spec.path : (spec.target ?? "");
        const ok = spec.as === "block" ? written.get(file) === id : written.has(file);
        if (ok) continue;
        const field = spec.as === "block" ? "path" : "target";
        const position = adapterFieldPosition(resolved, ["install", "adopt", index, field]);
        const what = spec.as === "block" ? `its own file ${file}` : `an import of ${file}`;
        yield alwaysOn.has(file)
          ? {
              position,
              severity: "info",
              message: `Adapter ${adapterLabel(resolved)} composes ${what} into a person's ${spec.path}, but this build does not write ${file}: the install leaves a person's ${spec.path} as it is`,
              hint: "Nothing is lost: the registry has no global rule. Add one (scope: global) to compose it into the person's file.",
            }
          : {
              position,
              message: `Adapter ${adapterLabel(resolved)} composes ${what} into a person's ${spec.path}, but the build writes no ${file}${spec.as === "block" ? " for this adapter" : ""}, so ${spec.as === "block" ? "nothing would be composed" : "the import would lead nowhere"}`,
            };
      }
    }
  },
};
