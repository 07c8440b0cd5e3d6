import { createRequire } from "node:module";

let zlib: typeof import("node:zlib") | undefined;

/**
 * node:zlib, loaded the first time a caller needs it (as cli/terminal.ts loads tty): loading it costs
 * every start about a millisecond, and most builds neither zip a plugin nor unpack a tarball.
 */
export function zlibOnFirstUse(): typeof import("node:zlib") {
  zlib ??= createRequire(import.meta.url)("node:zlib") as typeof import("node:zlib");
  return zlib;
}
