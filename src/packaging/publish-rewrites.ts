import { lineParts } from "../shared/line-codec.js";

/** One manifest.install.publish_rewrites line, "from :: to": a path segment renamed in the published tree. */
export interface PublishRewrite {
  from: string;
  to: string;
}

/** Parses the manifest lines; returns the problem of the first malformed one instead of throwing. */
export function parseRewrites(lines: readonly string[]): PublishRewrite[] | string {
  const rewrites: PublishRewrite[] = [];
  for (const line of lines) {
    const parts = lineParts(line);
    const [from, to] = parts;
    if (parts.length !== 2 || !from || !to) return `"${line}" is not of the form "from :: to"`;
    if (from.includes("/") || to.includes("/")) return `"${line}" must rename one path segment, without '/'`;
    rewrites.push({ from, to });
  }
  const targets = new Set<string>();
  for (const { from, to } of rewrites) {
    if (targets.has(to) || rewrites.some((r) => r.from === to))
      return `"${from} :: ${to}" cannot be reversed: "${to}" is the name of another rewrite`;
    targets.add(to);
  }
  return rewrites;
}

/** The published name of an install path: every segment equal to a rewrite's `from` becomes its `to`. */
export function publishedPath(path: string, rewrites: readonly PublishRewrite[]): string {
  return mapSegments(path, (s) => rewrites.find((r) => r.from === s)?.to ?? s);
}

/** The install path of a published name: the reverse of publishedPath. */
export function installPath(published: string, rewrites: readonly PublishRewrite[]): string {
  return mapSegments(published, (s) => rewrites.find((r) => r.to === s)?.from ?? s);
}

/** The rewrite whose published segment an install path already uses, which would make it irreversible. */
export function clashingRewrite(
  path: string,
  rewrites: readonly PublishRewrite[],
): PublishRewrite | undefined {
  const segments = path.split("/");
  return rewrites.find((r) => segments.includes(r.to));
}

function mapSegments(path: string, map: (segment: string) => string): string {
  return path.split("/").map(map).join("/");
}
