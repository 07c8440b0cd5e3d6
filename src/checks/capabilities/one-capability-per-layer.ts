import {
  json,
  notesFiles,
  notesManifest,
  withCapability,
} from "../../capabilities/checks/capability-fixtures.js";
import type { CapabilityPackage } from "../../capabilities/model.js";
import type { RegistryCheck } from "../check.js";

const board = { ...notesManifest, capability: "acme.board", command: "board", environment: ["ACME_BOARD"] };

export const oneCapabilityPerLayer: RegistryCheck = {
  id: "AGC097",
  slug: "one-capability-per-layer",
  stage: "registry",
  severity: "error",
  title: "At most one capability per layer",
  description:
    "A layer (knowledge, messaging, tasks) is one integration: an agent has one place for notes, one channel, one task list. Two packages with one layer would give it two and leave it to guess which one is meant.",
  hint: "Keep one package of the layer, or drop 'layer' from the other if it is no such integration.",
  get examples() {
    return {
      passing: {
        ...withCapability(notesManifest),
        "capabilities/board/capability.json": json({ ...board, layer: "tasks" }),
        ...Object.fromEntries(
          Object.entries(notesFiles).map(([p, text]) => [`capabilities/board/${p}`, text]),
        ),
      },
      failing: {
        ...withCapability(notesManifest),
        "capabilities/board/capability.json": json(board),
        ...Object.fromEntries(
          Object.entries(notesFiles).map(([p, text]) => [`capabilities/board/${p}`, text]),
        ),
      },
      expected: [
        'capabilities/notes/capability.json:6:12: error AGC097 "acme.notes" and "acme.board" (capabilities/board/capability.json) both take the knowledge layer; a layer has one integration',
      ],
    };
  },
  *run(registry) {
    const byLayer = new Map<string, CapabilityPackage>();
    for (const pkg of registry.capabilities) {
      const layer = pkg.manifest.layer;
      if (layer === undefined) continue;
      const earlier = byLayer.get(layer);
      if (!earlier) byLayer.set(layer, pkg);
      else
        yield {
          position: pkg.document.positionOf(["layer"]),
          message: `"${pkg.manifest.capability}" and "${earlier.manifest.capability}" (${earlier.manifestFile}) both take the ${layer} layer; a layer has one integration`,
        };
    }
  },
};
