import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import { alwaysOnPath } from "../../registry/install-files.js";
import type { OutputCheck } from "../check.js";
import { adapterFieldPosition, adapterLabel } from "../positions.js";

const withLink = (target: string) =>
  withBase({
    "targets.json": targetsWith([
      { ...agentsMdAdapter, install: { adapter_symlinks: [{ link: "CLAUDE.md", target }] } },
    ]),
  });

export const symlinkTargetEmitted: OutputCheck = {
  id: "AGC143",
  slug: "symlink-target-emitted",
  stage: "output",
  severity: "error",
  title: "An adapter's symlink points at the always-on file or a folder the registry writes",
  description:
    "Seed 000: the target of install.adapter_symlinks is the always-on file or a folder the registry owns. A link to anything else would be installed dangling (nothing the bundle writes is there) or point into files a person wrote, which agentc does not own. A link to an adapter's always-on file that this build leaves unwritten (no global rule) is a warning: the file appears once a global rule does.",
  hint: "Point the link at an adapter's always-on file (AGENTS.md) or at a folder the build writes files into, or remove the link.",
  get examples() {
    return {
      passing: withLink("AGENTS.md"),
      failing: withLink("docs/AGENTS.md"),
      expected: [
        'targets.json:18:23: error AGC143 Unexpected target "docs/AGENTS.md" of the link CLAUDE.md (adapter "agents-md"): the build writes neither an always-on file there nor a folder, so the link would be installed dangling',
      ],
    };
  },
  *run(registry, tree) {
    const files = new Set(tree.files.map((f) => f.path));
    const alwaysOn = new Set(registry.adapters.flatMap(({ adapter }) => alwaysOnPath(adapter) ?? []));
    const inFolder = (dir: string) =>
      [...files].some((path) => path.startsWith(`${dir.replace(/\/+$/, "")}/`));
    for (const resolved of registry.adapters) {
      for (const [index, link] of (resolved.adapter.install?.adapter_symlinks ?? []).entries()) {
        const target = link.target;
        if (files.has(target) || inFolder(target)) continue;
        const position = adapterFieldPosition(resolved, ["install", "adapter_symlinks", index, "target"]);
        yield alwaysOn.has(target)
          ? {
              position,
              severity: "warning",
              message: `The link ${link.link} (adapter ${adapterLabel(resolved)}) points at the always-on file ${target}, which this build does not write, so the link would be installed dangling`,
              hint: "Add a rule with scope: global, or leave this adapter's component out of the install.",
            }
          : {
              position,
              message: `Unexpected target "${target}" of the link ${link.link} (adapter ${adapterLabel(resolved)}): the build writes neither an always-on file there nor a folder, so the link would be installed dangling`,
            };
      }
    }
  },
};
