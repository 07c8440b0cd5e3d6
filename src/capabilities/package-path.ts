/**
 * A path written in a manifest, relative to the package folder, in normal form ("" is the folder itself);
 * undefined when it is absolute or climbs out of the package.
 */
export function packagePath(written: string): string | undefined {
  if (written.startsWith("/") || written.includes("\\") || /^[A-Za-z]:/.test(written)) return undefined;
  const segments: string[] = [];
  for (const segment of written.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment !== "..") segments.push(segment);
    else if (segments.pop() === undefined) return undefined;
  }
  return segments.join("/");
}
