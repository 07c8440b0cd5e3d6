import type { Position } from "../../diagnostics/diagnostic.js";
import type { EmittedFile } from "../../emit/emitted-tree.js";
import type { Registry } from "../../registry/model.js";
import type { OutputCheck } from "../check.js";
import { agentsMdAdapter, targetsWith, withBase } from "../fixture-base.js";

export function adapterPosition(registry: Registry, component: string): Position {
  const found = registry.adapters.find((a) => a.adapter.id === component);
  if (!found) return { file: "targets.json", line: 1, column: 1 };
  return found.origin.document.positionOf(found.origin.path);
}

/** 'Adapters "a" and "b"', or with a client pack: 'Adapter "a" and client pack "b"'. */
function writers(first: EmittedFile, second: EmittedFile): string {
  if (!first.client && !second.client) return `Adapters "${first.component}" and "${second.component}"`;
  const name = (f: EmittedFile) => (f.client ? `client pack "${f.component}"` : `adapter "${f.component}"`);
  const text = `${name(first)} and ${name(second)}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

function writerPosition(registry: Registry, file: EmittedFile): Position {
  const pack = file.client && registry.clients.find((c) => c.pack.client === file.component);
  return pack ? pack.document.positionOf(["client"]) : adapterPosition(registry, file.component);
}

export const outputPathsAgree: OutputCheck = {
  id: "AGC028",
  slug: "output-paths-agree",
  stage: "output",
  severity: "error",
  title: "Two adapters or client packs must not write one path with different bytes",
  description:
    "When two adapters (or an adapter and a client pack) emit the same path, the bytes must be identical, or one would silently win. Identical files are shared by both components.",
  hint: "Give one adapter another output_dir, extension or pinned_global_name.",
  examples: {
    passing: withBase({}),
    failing: withBase({
      "targets.json": targetsWith([
        agentsMdAdapter,
        {
          ...agentsMdAdapter,
          id: "agents-copy",
          global_placement: "pinned_module",
          frontmatter: "---\nalways: {alwaysApply}\n---",
        },
      ]),
    }),
  },
  *run(registry, tree) {
    const first = new Map<string, EmittedFile>();
    for (const file of tree.files) {
      const earlier = first.get(file.path);
      if (!earlier) {
        first.set(file.path, file);
        continue;
      }
      if (earlier.bytes.equals(file.bytes)) continue;
      yield {
        position: writerPosition(registry, file),
        message: `${writers(earlier, file)} both write ${file.path} with different content`,
      };
    }
  },
};
