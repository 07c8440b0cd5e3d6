import { sitePagePaths } from "../emit/site-paths.js";
import type { SiteAssets } from "./site-assets.js";
import type { SiteData } from "./site-model.js";

/** The element holding the page's data; assets/site/page.js reads it by this id. */
export const siteDataElementId = "agentc-data";

/**
 * No network at all: scripts and styles only from the page's own folder, nothing fetched, nothing framed.
 * Inline styles stay off too: the script sets sizes through the CSSOM, which the policy allows.
 */
const contentPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'none'; base-uri 'none'";

/** Pure: the page's data and assets → its files (build-relative path → bytes). Same data, same bytes. */
export function renderSite(data: SiteData, assets: SiteAssets): Map<string, Buffer> {
  return new Map([
    [sitePagePaths.html, pageHtml(data)],
    [sitePagePaths.script, assets.script],
    [sitePagePaths.style, assets.style],
  ]);
}

/**
 * The page's bytes: the text around the data and the data's JSON (a megabyte for a few hundred rules)
 * each encoded straight into one buffer, without a string or a buffer of the whole page in between.
 */
function pageHtml(data: SiteData): Buffer {
  const [head, tail] = pageAround(data);
  const json = scriptSafeJson(data);
  const page = Buffer.allocUnsafe(
    Buffer.byteLength(head) + Buffer.byteLength(json) + Buffer.byteLength(tail),
  );
  let at = page.write(head);
  at += page.write(json, at);
  page.write(tail, at);
  return page;
}

/** The page's text before and after its data. */
function pageAround(data: SiteData): [head: string, tail: string] {
  const title = escapeHtml(`${data.title} ${data.registryVersion}`);
  const head = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta http-equiv="Content-Security-Policy" content="${contentPolicy}">
<meta name="generator" content="agentc ${escapeHtml(data.agentcVersion)}">
<title>${title}: what each assistant gets</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="assets/page.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top"><h1>${title}</h1><p>What this registry ships to each assistant, what each one enforces, and what an install will change.</p></header>
<main id="main" tabindex="-1"><noscript><p>This page needs JavaScript to show its tables. The same facts are in CAPABILITIES.md and manifest.json of the build.</p></noscript></main>
<script type="application/json" id="${siteDataElementId}">`;
  const tail = `</script>
<script src="assets/page.js"></script>
</body>
</html>
`;
  return [head, tail];
}

/**
 * JSON that cannot end its script element early: "<" (and the two JavaScript line ends) escaped. Each is
 * looked for with a plain string search, which most pages pass without a copy of the text.
 */
export function scriptSafeJson(value: unknown): string {
  return scriptEscapes.reduce(
    (json, [c, escaped]) => (json.includes(c) ? json.replaceAll(c, escaped) : json),
    JSON.stringify(value),
  );
}

const scriptEscapes: readonly (readonly [string, string])[] = [
  ["<", "\\u003c"],
  ["\u2028", "\\u2028"],
  ["\u2029", "\\u2029"],
];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
