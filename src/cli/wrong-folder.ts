import { existsSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { builtinAssistantData } from "../import/assistants.js";
import { nativePlaces } from "../import/native-places.js";
import { registryFileIn } from "../registry/registry-folder.js";
import { isFolder } from "../shared/make-folders.js";
import { UsageError } from "./command.js";

/**
 * Refuses a registry folder given where its build is wanted (`agentc install my-registry`): a folder with
 * sources.json or targets.json and no manifest.json. The hint names the build command and the build folder.
 */
export function refuseRegistryForBuild(path: string, then: string): void {
  if (!isFolder(path) || existsSync(join(path, "manifest.json"))) return;
  const found = registryFileIn(path);
  if (!found) return;
  const build = join(path, "build");
  throw new UsageError(
    `${path} is a registry (it has ${found}), not a build of one`,
    existsSync(join(build, "manifest.json"))
      ? `give its build: ${then} ${build} (run 'agentc build ${path}' first if the registry changed since)`
      : `build it first, then give the build: agentc build ${path} && ${then} ${build}`,
  );
}

/** How many of the assistant files found the note names before "…". */
const namedFiles = 3;

/**
 * The note for a project folder given where a registry is wanted (`agentc build my-app`): no sources.json and
 * no targets.json, but files an assistant reads (the places the built-in adapters and client packs name). The
 * report's AGC003 errors say what is missing; this names `agentc import`, which starts a registry from them.
 * Undefined for any other folder.
 */
export function projectInsteadOfRegistry(dir: string): string | undefined {
  if (!isFolder(dir) || registryFileIn(dir)) return undefined;
  const places = new Set(builtinAssistantData().flatMap((assistant) => nativePlaces(assistant, undefined)));
  const found = [...places].filter((place) => existsSync(join(dir, place))).sort();
  if (found.length === 0) return undefined;
  const named = `${found.slice(0, namedFiles).join(", ")}${found.length > namedFiles ? ", …" : ""}`;
  const registry = `${dir === "." ? `../${basename(resolve(dir))}` : dir.replace(/\/+$/, "")}-registry`;
  return `note: ${dir} is a project with assistant files (${named}), not a registry: to start a registry from them, run agentc import ${dir} --out ${registry}, then agentc build ${registry}`;
}
