import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { canonicalJson } from "../compose/index.js";
import type { Position } from "../diagnostics/diagnostic.js";
import type { PluginConfig } from "../registry/plugin-config.js";
import { parseJson } from "../shared/nesting-limit.js";
import { versionUnchangedFinding } from "./checks/plugin-version-changed.js";
import type { ChosenHost } from "./chosen-hosts.js";
import type { PluginKey, Report } from "./report.js";
import { fillTemplate, jsonBytes, type Slots } from "./template.js";

/** A host's marketplace file of the build, listing the one plugin of the registry. */
export interface Marketplace {
  file: string;
  bytes: Buffer;
  entry: Record<string, unknown>;
}

export function marketplaceOf(
  host: ChosenHost,
  config: PluginConfig,
  version: string,
  digest: string,
): Marketplace | undefined {
  const market = host.marketplace;
  if (!market) return undefined;
  const slots: Slots = {
    name: config.name,
    version,
    description: config.description,
    author: config.owner,
    owner: config.owner ?? { name: config.name },
    content_sha256: digest,
  };
  const entry = fillTemplate(market.entry, slots) as Record<string, unknown>;
  const value = fillTemplate(market.template, { ...slots, entries: [entry] });
  return { file: market.build_file, bytes: jsonBytes(value), entry };
}

/**
 * The previous build's entry for the plugin, when the build folder has one: a changed entry (its content
 * digest, description …) under the same version would never reach the people who installed the old one.
 */
export function checkVersionChanged(
  market: Marketplace,
  config: PluginConfig,
  previousBuild: string | undefined,
  report: Report,
  versionAt: PluginKey | Position,
): void {
  const path = previousBuild && join(previousBuild, market.file);
  if (!path || !existsSync(path)) return;
  let previous: unknown;
  try {
    previous = parseJson(readFileSync(path, "utf8"));
  } catch {
    return;
  }
  const plugins = (previous as { plugins?: unknown } | null)?.plugins;
  const old = Array.isArray(plugins)
    ? (plugins as Record<string, unknown>[]).find((p) => p?.name === config.name)
    : undefined;
  if (!old || old.version !== market.entry.version) return;
  if (canonicalJson(old) === canonicalJson(market.entry)) return;
  report(versionAt, versionUnchangedFinding(market.file, old.version));
}
