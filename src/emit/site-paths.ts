/**
 * The registry page: a folder of the build beside manifest.json, not an artifact (no component installs it,
 * `agentc pack` leaves it out). `agentc serve` serves this folder at `/`; any static host can.
 */
export const siteFolder = "site";

/** The page's files, build-relative, in the order they are written. */
export const sitePagePaths = {
  html: `${siteFolder}/index.html`,
  script: `${siteFolder}/assets/page.js`,
  style: `${siteFolder}/assets/page.css`,
} as const;

/**
 * What the last build wrote into the page folder, with hashes: the next build replaces or removes only
 * files that still hold those bytes (the manifest's role for the artifacts).
 */
export const siteRecordPath = `${siteFolder}/.agentc-site.json`;

/** The page's files and the folders that hold them: a build artifact at one of these paths would collide. */
export function sitePathsTaken(): string[] {
  const files = Object.values(sitePagePaths);
  const folders = new Set(files.flatMap((path) => parentFolders(path)));
  return [...folders, ...files, siteRecordPath].sort();
}

function parentFolders(path: string): string[] {
  const parts = path.split("/").slice(0, -1);
  return parts.map((_, i) => parts.slice(0, i + 1).join("/"));
}
