import { renderSite } from "./render-site.js";
import { siteAssets } from "./site-assets.js";
import { type SiteInput, siteData } from "./site-data.js";

/** The registry page of a build: site/index.html and its assets, written beside manifest.json. */
export function buildSite(input: SiteInput): Map<string, Buffer> {
  return renderSite(siteData(input), siteAssets());
}
