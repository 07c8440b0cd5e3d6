import { componentId } from "../../capabilities/capability-slug.js";
import type { CapabilityPackage } from "../../capabilities/model.js";
import type { Finding } from "../../diagnostics/check-meta.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import type { EmittedFile } from "../../emit/emitted-tree.js";
import type { Registry } from "../../registry/model.js";
import { foldedKey } from "../../shared/path-check.js";
import type { OutputCheck } from "../check.js";

export function adapterPosition(registry: Registry, component: string): Position {
  const found = registry.adapters.find((a) => a.adapter.id === component);
  if (!found) return { file: "targets.json", line: 1, column: 1 };
  if (found.origin.builtin) return builtinChoicePosition(registry, component);
  return found.origin.document.positionOf(found.origin.path);
}

/**
 * Where the registry chose a built-in adapter: its entry in targets.json builtin_adapters, else that key (or
 * the file's start). The adapter's own definition lies in agentc's package, which the registry cannot edit.
 */
function builtinChoicePosition(registry: Registry, id: string): Position {
  const chosen = registry.targets.builtin_adapters;
  const index = Array.isArray(chosen) ? chosen.indexOf(id) : -1;
  if (index >= 0) return registry.targetsDocument.positionOf(["builtin_adapters", index]);
  return registry.targetsDocument.positionOf(["builtin_adapters"], "key");
}

/** The package of a capability component, or of a joint one (its skills compiled for a client pack). */
function packageOf(registry: Registry, file: EmittedFile): CapabilityPackage | undefined {
  return registry.capabilities.find(
    (p) => componentId(p.slug) === file.component || file.component.startsWith(`${componentId(p.slug)}+`),
  );
}

/** 'Adapters "a" and "b"', 'Adapter "a" and client pack "b"', 'Client pack "b" and capability package "c"'. */
function writers(registry: Registry, first: EmittedFile, second: EmittedFile): string {
  const name = (f: EmittedFile): string => {
    const pkg = packageOf(registry, f);
    if (pkg) return `capability package "${pkg.manifest.capability}"`;
    return f.client ? `client pack "${f.component}"` : `adapter "${f.component}"`;
  };
  if (name(first).startsWith("adapter") && name(second).startsWith("adapter"))
    return `Adapters "${first.component}" and "${second.component}"`;
  const text = `${name(first)} and ${name(second)}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

function writerPosition(registry: Registry, file: EmittedFile): Position {
  const pkg = packageOf(registry, file);
  if (pkg) return pkg.document.positionOf(pkg.manifest.skills ? ["skills"] : ["capability"]);
  const pack = file.client && registry.clients.find((c) => c.pack.client === file.component);
  return pack ? pack.document.positionOf(["client"]) : adapterPosition(registry, file.component);
}

export const outputPathsAgree: OutputCheck = {
  id: "AGC028",
  slug: "output-paths-agree",
  stage: "output",
  severity: "error",
  title: "Two adapters, client packs or capability packages must not write one path with different bytes",
  description:
    "When two adapters (or an adapter, a client pack or a capability package) emit the same path, the bytes must be identical, or one would silently win. Identical files are shared by both components. Two paths that differ only in case are one file on macOS and Windows (the installer refuses such a bundle), so they are an error too, whoever writes them. A capability package's skills go to .agents/skills/<skill>/ and, compiled, to each client pack's skills folder, where client packs put core skills too.",
  hint: "Give one adapter another output_dir, extension or pinned_global_name; for a capability package's skill, rename the skill (or the core skill it meets).",
  get examples() {
    return {
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
      expected: [
        'targets.json:15:5: error AGC028 Adapters "agents-md" and "agents-copy" both write AGENTS.md with different content',
      ],
    };
  },
  *run(registry, tree) {
    const first = new Map<string, EmittedFile>();
    const folded = new Map<string, EmittedFile>();
    for (const file of tree.files) {
      const earlier = first.get(file.path);
      if (!earlier) {
        first.set(file.path, file);
        const spelled = folded.get(foldedKey(file.path));
        if (spelled) yield caseCollision(registry, spelled, file);
        else folded.set(foldedKey(file.path), file);
        continue;
      }
      if (earlier.bytes.equals(file.bytes)) continue;
      yield {
        position: writerPosition(registry, file),
        message: `${writers(registry, earlier, file)} both write ${file.path} with different content`,
      };
    }
  },
};

/** The registry file an emitted file copies: a seed's or asset's source, or a file of a core skill's folder. */
function registryFileOf(registry: Registry, file: EmittedFile): Position | undefined {
  if (file.source) return { file: file.source, line: 1, column: 1 };
  const kind = file.client?.kind;
  const skill =
    kind === "skill" || kind === "skill-file"
      ? registry.core.skills.find((s) => s.name === file.client?.name)
      : undefined;
  // the emitted path ends with the file's path inside the skill's folder
  const copied = skill
    ? [skill.file, ...skill.supportingFiles].find((path) => file.path.endsWith(path.slice(skill.dir.length)))
    : undefined;
  return copied ? { file: copied, line: 1, column: 1 } : undefined;
}

/** Two paths that are one file where case is folded (macOS, Windows): the installer would refuse the bundle. */
function caseCollision(registry: Registry, earlier: EmittedFile, file: EmittedFile): Finding {
  return {
    position: registryFileOf(registry, file) ?? writerPosition(registry, file),
    message: `${file.path} and ${earlier.path} are one file on case-insensitive file systems (macOS, Windows), so agentc install refuses the bundle`,
    hint: "Rename or remove one of the two files in the registry (a SKILL.md and a skill.md in one folder are one file there).",
  };
}
