import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { withBase } from "../../diagnostics/fixture-base.js";

export const remoteSourceFetched: InlineCheck = {
  id: "AGC012",
  slug: "remote-source-fetched",
  stage: "load",
  severity: "warning",
  title: "A source's url could not be fetched; the build fell back to its path",
  description:
    "A source with 'url' is fetched over https (plain http only for loopback), with a 10 s timeout and a 4 MiB limit, and cached with its ETag so an unchanged file is revalidated, not downloaded again. When the fetch fails, the rules come from the source's local 'path' instead, and this warning says why; with --offline the cached copy is used without any network access.",
  hint: "Check the address and the network, or run with --offline to use the cache and local folders only.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "sources.json":
          '{"version": 1, "trigger_keys": ["any-code"], "router_slug": "skill-router", "sources": [{"name": "custom", "kind": "custom", "path": "rules", "url": "http://127.0.0.1:9/rules.md"}]}\n',
      }),
      expected: [
        'sources.json:1:150: warning AGC012 Source "custom": fetching http://127.0.0.1:9/rules.md failed (bad port); using the folder rules',
      ],
    };
  },
};

/** A source whose url could not be fetched, so its folder is read instead. */
export function fetchFailedFinding(
  source: { name: string; path: string },
  url: string,
  reason: string,
  position: Position,
): Diagnostic {
  return diagnostic(remoteSourceFetched, {
    position,
    message: `Source "${source.name}": fetching ${url} failed (${reason}); using the folder ${source.path}`,
  });
}
