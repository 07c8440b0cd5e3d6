import { createRequire } from "node:module";

type Semver = typeof import("semver");

let loaded: Semver | undefined;

/**
 * The semver library, loaded the first time a version range is read (a capability package's OATS range,
 * an npm dependency's wanted version): its modules compile some hundred regular expressions when they
 * load, about 3 ms of every build's start otherwise. A `require` because an ES import cannot be
 * synchronous; scripts/bundle-cli.ts makes it a literal one.
 */
export function semverLibrary(): Semver {
  loaded ??= createRequire(import.meta.url)("semver") as Semver;
  return loaded;
}
