/**
 * The one checker for every path that comes from outside (manifest lines, zip entries, preserve patterns,
 * legacy lists, symlink targets): it must be a relative, normalised, '/'-separated path that stays inside
 * the project on every OS. Returns the problem, or undefined when the path is safe.
 */
// \u00b9\u00b2\u00b3: the superscript digits 1, 2 and 3, which Windows also reserves (written as escapes: the
// bundled CLI must be ASCII, see scripts/bundle-cli.ts).
const reservedDevice = /^(con|prn|aux|nul|com[1-9\u00b9\u00b2\u00b3]|lpt[1-9\u00b9\u00b2\u00b3])(\..*)?$/i;
const driveOrScheme = /^[A-Za-z]:/;
/** Matches every path segmentProblem would reject (and a few more): most paths skip the per-segment checks. */
const maybeBadSegment =
  /(^|\/)(\.{0,2}|\.git)(\/|$)|[. ](\/|$)|[<>:"|?*]|(^|\/)(con|prn|aux|nul|com[1-9\u00b9\u00b2\u00b3]|lpt[1-9\u00b9\u00b2\u00b3])(\.[^/]*)?(\/|$)/i;
/** ASCII text is always in normal form C. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: any ASCII character
const ascii = /^[\u0000-\u007f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const controlChar = /[\u0000-\u001f\u007f]/;

export function pathProblem(path: string): string | undefined {
  if (path.length === 0) return "is empty";
  if (path.length > 1024) return "is longer than 1024 characters";
  if (path.length > 85 && path.split("/").some((name) => Buffer.byteLength(name) > 255))
    return "holds a name longer than 255 bytes, which no file system takes";
  if (controlChar.test(path)) return "holds a NUL or control character";
  if (path.includes("\\")) return "holds a backslash (paths are '/'-separated)";
  if (path.startsWith("/")) return "is absolute";
  if (driveOrScheme.test(path)) return "starts with a drive letter";
  if (!ascii.test(path) && path.normalize("NFC") !== path) return "is not in Unicode normal form C";
  if (!maybeBadSegment.test(path)) return undefined;
  for (const segment of path.split("/")) {
    const problem = segmentProblem(segment);
    if (problem) return problem;
  }
  return undefined;
}

function segmentProblem(segment: string): string | undefined {
  if (segment === "") return "holds an empty segment ('//' or a trailing '/')";
  if (segment === "." || segment === "..") return `holds a '${segment}' segment`;
  if (segment.toLowerCase() === ".git") return "holds a .git segment";
  if (/[. ]$/.test(segment)) return `has a segment ending in a dot or space ("${segment}")`;
  if (/[<>:"|?*]/.test(segment)) return `has a character Windows forbids in "${segment}"`;
  if (reservedDevice.test(segment)) return `uses the reserved device name "${segment}"`;
  return undefined;
}

/** The key two paths collide under on a case-insensitive, normalising file system. */
export function foldedKey(path: string): string {
  return path.normalize("NFC").toLowerCase();
}

/** Problems of a whole list: each path's own, and pairs that collide under case folding. */
export function pathListProblems(paths: readonly string[]): { path: string; problem: string }[] {
  const out: { path: string; problem: string }[] = [];
  const seen = new Map<string, string>();
  for (const path of paths) {
    const problem = pathProblem(path);
    if (problem) {
      out.push({ path, problem });
      continue;
    }
    const key = foldedKey(path);
    const other = seen.get(key);
    if (other !== undefined && other !== path)
      out.push({ path, problem: `collides with "${other}" on case-insensitive file systems` });
    else seen.set(key, path);
  }
  return out;
}
