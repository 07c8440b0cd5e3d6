import { packageDataFiles, readPackageData } from "../../documents/package-data.js";
import { builtinClientsDir } from "../../shared/package-paths.js";
import { isJson, type Json, withoutNotes } from "./seed-pack-model.js";

const cache = new Map<string, Json | undefined>();

/**
 * agentc's built-in pack of a client (clients/<client>.json) without its notes, or undefined when there is
 * none: what a seed-shaped pack of the same client borrows where seed 001 states a fact only in prose.
 */
export function builtinPack(client: string): Json | undefined {
  if (!/^[a-z0-9-]+$/.test(client)) return undefined;
  if (!cache.has(client)) cache.set(client, readPack(client));
  return cache.get(client);
}

function readPack(client: string): Json | undefined {
  const file = packageDataFiles(builtinClientsDir, "clients").find(
    (f) => f.file === `clients/${client}.json`,
  );
  if (!file) return undefined;
  const pack = withoutNotes(readPackageData(file).value);
  return isJson(pack) ? pack : undefined;
}

/** One section of the built-in pack of a client, when it is an object. */
export function builtinSection(client: string, key: string): Json | undefined {
  const section = builtinPack(client)?.[key];
  return isJson(section) ? section : undefined;
}
