import picomatch from "picomatch";

/**
 * Whether a path inside an owned folder (relative to it) is preserved. A pattern without "/" is a file
 * name pattern (seed 000: install.preserve) and matches the name at any depth; a pattern with "/"
 * matches the path from the folder on (a payload_keep folder: "memory/**").
 */
export function preserveMatcher(patterns: readonly string[]): (relative: string) => boolean {
  const names = patterns.filter((p) => !p.includes("/"));
  const paths = patterns.filter((p) => p.includes("/"));
  const byName = names.length > 0 ? picomatch(names, { dot: true, basename: true }) : () => false;
  const byPath = paths.length > 0 ? picomatch(paths, { dot: true }) : () => false;
  return (relative) => byName(relative) || byPath(relative);
}
