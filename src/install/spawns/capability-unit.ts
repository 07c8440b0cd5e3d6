import { sha256 } from "../../manifest/hash.js";
import type { CapabilityInstall, Manifest } from "../../manifest/manifest-model.js";
import { type HookLine, hookLine } from "../hooks/hook-line.js";
import { pathProblem } from "../path-check.js";

/** A chosen component that is a capability package: what the installer spawns, retires and records. */
export interface CapabilityUnit {
  component: string;
  block: CapabilityInstall;
  hooks: HookLine[];
  /** sha256 over the manifest block and the hash lines of the component's files */
  contentSha: string;
}

export type UnitsRead = { ok: true; units: CapabilityUnit[] } | { ok: false; problems: string[] };

/** The capability packages among the chosen components, in component order; a malformed block rejects the bundle. */
export function capabilityUnits(manifest: Manifest, chosen: string[]): UnitsRead {
  const units: CapabilityUnit[] = [];
  const problems: string[] = [];
  for (const component of [...chosen].sort()) {
    const block = manifest.install.components[component]?.capability;
    if (block === undefined) continue;
    const where = `install.components.${component}.capability`;
    const shape = blockProblems(where, block);
    if (shape.length > 0) {
      problems.push(...shape);
      continue;
    }
    const hooks = block.hooks.map((line) => hookLine(line));
    const bad = block.hooks.filter((_, i) => hooks[i] === undefined);
    if (bad.length > 0) {
      problems.push(
        ...bad.map(
          (line) =>
            `${where}.hooks: expected "<event> :: required|optional :: <command>", got ${JSON.stringify(line)}; rebuild the bundle with 'agentc build'`,
        ),
      );
      continue;
    }
    units.push({
      component,
      block,
      hooks: hooks as HookLine[],
      contentSha: contentSha(manifest, component, block),
    });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, units };
}

function blockProblems(where: string, block: unknown): string[] {
  if (typeof block !== "object" || block === null || Array.isArray(block))
    return [`expected "${where}" to be an object; rebuild the bundle with 'agentc build'`];
  const b = block as Record<string, unknown>;
  const problems = ["id", "version", "home", "layer"]
    .filter((key) => typeof b[key] !== "string")
    .map((key) => `expected "${where}.${key}" to be a string`);
  for (const key of ["environment", "hooks"])
    if (!Array.isArray(b[key]) || !(b[key] as unknown[]).every((v) => typeof v === "string"))
      problems.push(`expected "${where}.${key}" to be a list of strings`);
  if (problems.length > 0) return problems;
  const home = pathProblem(b.home as string);
  if (home) problems.push(`${where}.home ${JSON.stringify(b.home)} ${home}; the bundle is rejected`);
  return problems;
}

/** The identity consent is bound to: the block itself and every file the component installs, by hash. */
function contentSha(manifest: Manifest, component: string, block: CapabilityInstall): string {
  const c = manifest.install.components[component];
  const dirs = c?.owned_dirs ?? [];
  const files = new Set(c?.owned_files ?? []);
  const inComponent = (path: string): boolean =>
    files.has(path) || dirs.some((d) => path.startsWith(`${d}/`));
  const lines = manifest.install.artifact_hashes.filter((line) => inComponent(line.split(" :: ")[0] ?? ""));
  return sha256(`${JSON.stringify(block)}\n${lines.join("\n")}`);
}
