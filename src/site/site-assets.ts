import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../shared/package-paths.js";
import { countWork } from "../shared/work-counts.js";

/** Package-relative folder of the page's script and styles (plain files, the same in every build). */
export const siteAssetsFolder = "assets/site";

export interface SiteAssets {
  script: Buffer;
  style: Buffer;
}

let cached: SiteAssets | undefined;

/** The page's own code and styles: files of the installed package, read once. */
export function siteAssets(): SiteAssets {
  if (!cached) countWork("files read", 2);
  cached ??= {
    script: readFileSync(join(packageRoot, siteAssetsFolder, "page.js")),
    style: readFileSync(join(packageRoot, siteAssetsFolder, "page.css")),
  };
  return cached;
}
