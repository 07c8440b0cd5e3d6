import type { ServeIndex } from "../distribute/serve-index.js";

/** The page at / when the build wrote no registry page (site/): the versions and how to install them. */
export function plainPage(index: ServeIndex, baseUrl: string): string {
  const rows = index.versions.map(
    (v) =>
      `<li><a href="${htmlEscape(v.tree)}manifest.json">${htmlEscape(v.version)}</a>${v.version === index.latest ? " (latest)" : ""}: <a href="${htmlEscape(v.bundle)}">bundle</a>, ${v.bytes} bytes, <code>${htmlEscape(v.integrity)}</code></li>`,
  );
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><title>agentc registry</title></head><body>',
    "<h1>agentc registry</h1>",
    `<p>Install the latest version into a project:</p><pre>agentc install ${htmlEscape(baseUrl)} --project DIR\ncurl -fsS ${htmlEscape(baseUrl)}install.sh | sh -s -- --project DIR</pre>`,
    `<ul>${rows.join("")}</ul>`,
    '<p><a href="index.json">index.json</a></p>',
    "</body></html>",
    "",
  ].join("\n");
}

function htmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
