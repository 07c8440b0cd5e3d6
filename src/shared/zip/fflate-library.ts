import { createRequire } from "node:module";

type Fflate = typeof import("fflate");

let loaded: Fflate | undefined;

/**
 * fflate, loaded the first time a zip is written: setting up its tables costs every start about a
 * millisecond, and most builds write no plugin.zip. A `require` because an ES import cannot be
 * synchronous; scripts/bundle-cli.ts makes it a literal one (and gives it fflate's browser build).
 */
export function fflateLibrary(): Fflate {
  loaded ??= createRequire(import.meta.url)("fflate") as Fflate;
  return loaded;
}
