import { createRequire } from "node:module";

type Yaml = typeof import("yaml");

let loaded: Yaml | undefined;

/**
 * The yaml library, loaded the first time a block needs it: most frontmatter is read by
 * yaml-simple-block.ts, and a build that never needs the library does not pay for loading it. A
 * `require` because an ES import cannot be synchronous; scripts/bundle-cli.ts makes it a literal one.
 */
export function yamlLibrary(): Yaml {
  loaded ??= createRequire(import.meta.url)("yaml") as Yaml;
  return loaded;
}
