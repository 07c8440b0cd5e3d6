import { createRequire } from "node:module";

/** `load`'s value, loaded by the first call of the function returned and kept for every later one. */
function onFirstUse<T>(load: () => T): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

// Libraries most builds never need, each loaded the first time a caller does. A `require` because an ES
// import cannot be synchronous; scripts/bundle-cli.ts makes each a literal one, which the bundle holds.

/** yaml: most frontmatter is read by documents/yaml-simple-block.ts without it. */
export const yamlLibrary = onFirstUse(() => createRequire(import.meta.url)("yaml") as typeof import("yaml"));

/**
 * semver, for a capability package's OATS range or an npm dependency's wanted version: its modules compile
 * some hundred regular expressions when they load, about 3 ms of every start otherwise.
 */
export const semverLibrary = onFirstUse(
  () => createRequire(import.meta.url)("semver") as typeof import("semver"),
);

/** fflate, the first time a zip is written: setting up its tables costs about a millisecond. */
export const fflateLibrary = onFirstUse(
  () => createRequire(import.meta.url)("fflate") as typeof import("fflate"),
);

/** node:zlib (a zip's checksums, a tarball's gunzip): about a millisecond to load. */
export const zlibLibrary = onFirstUse(
  () => createRequire(import.meta.url)("node:zlib") as typeof import("node:zlib"),
);
