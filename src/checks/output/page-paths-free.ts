import type { Position } from "../../diagnostics/diagnostic.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import { sitePathsTaken } from "../../emit/site-paths.js";
import type { Registry } from "../../registry/model.js";
import type { OutputCheck } from "../check.js";
import { adapterPosition } from "./output-paths-agree.js";

const pageAdapter = {
  ...agentsMdAdapter,
  id: "site-index",
  output_dir: "site",
  extension: ".html",
  pinned_global_name: "index",
  global_placement: "pinned_module",
};

export const pagePathsFree: OutputCheck = {
  id: "AGC170",
  slug: "page-paths-free",
  stage: "output",
  severity: "error",
  title: "No artifact may sit where the build writes the registry page",
  description:
    "Every build writes the registry page beside manifest.json: site/index.html, site/assets/page.js, site/assets/page.css and the record site/.agentc-site.json. An artifact at one of those paths (or a file where one of their folders goes) would be overwritten by the page, or the page by it.",
  hint: "Give the adapter or client pack that writes it another output_dir or file name; the page's paths are fixed (docs/registry-page.md).",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({ "targets.json": targetsWith([agentsMdAdapter, pageAdapter]) }),
      expected: [
        "targets.json:15:5: error AGC170 Unexpected artifact site/index.html of site-index: the build writes the registry page there",
      ],
    };
  },
  *run(registry, tree) {
    const taken = new Set(sitePathsTaken());
    const seen = new Set<string>();
    for (const file of tree.files) {
      if (!taken.has(file.path) || seen.has(file.path)) continue;
      seen.add(file.path);
      yield {
        position: writerPosition(registry, file.component),
        message: `Unexpected artifact ${file.path} of ${file.component}: the build writes the registry page there`,
      };
    }
  },
};

function writerPosition(registry: Registry, component: string): Position {
  const pack = registry.clients.find((c) => c.pack.client === component);
  if (pack && !registry.adapters.some((a) => a.adapter.id === component))
    return pack.document.positionOf(["client"]);
  return adapterPosition(registry, component);
}
