import { parse as parseToml } from "smol-toml";
import { builtinPackFields } from "../../clients/builtin-pack-fields.js";
import { pathText } from "../../compose/conflicts.js";
import type { Finding } from "../../diagnostics/check-meta.js";
import { clip } from "../../diagnostics/clip.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import { parseJsonDocument } from "../../documents/json-document.js";
import type { EmittedFile, EmittedTree } from "../../emit/emitted-tree.js";
import {
  isLiteralFile,
  type ResolvedTrustKey,
  resolvedTrustKeys,
  type TrustHit,
  trustHits,
  valueOfEntries,
} from "../../packs/trust-keys/resolve.js";
import type { Registry, TrustOverride } from "../../registry/model.js";
import type { OutputCheck } from "../check.js";
import { emittedAt } from "../clients/emitted-files.js";
import { composedSource } from "./trust-key-sources.js";

const withSeed = (settings: object, extra: object = {}) =>
  withBase({
    "targets.json": targetsWith(
      [
        {
          ...agentsMdAdapter,
          install: { seeds: { source_dir: "seeds", install_dir: ".claude", files: ["settings.json"] } },
        },
      ],
      extra,
    ),
    "seeds/settings.json": `${JSON.stringify(settings, null, 2)}\n`,
  });

export const settingsGrantNoSelfTrust: OutputCheck = {
  id: "AGC108",
  slug: "settings-grant-no-self-trust",
  stage: "output",
  severity: "error",
  title: "Settings the build writes let no repository vote on its own trust",
  description:
    "A project's shared settings files are read for everyone who opens the repository. Keys there that approve the repository's own MCP servers, turn off permission prompts, trust an MCP server, auto-approve the shell or point the assistant at another endpoint or credentials hand the repository a decision that belongs to each person. Each client pack lists such keys as data (trust_keys); every composed value, seed, owned asset and shared file the build writes is checked against the keys of the built-in packs and of the registry's own packs. A registry that means it states the key in targets.json trust_overrides with a reason: the finding is then info. The installer warns about such keys already in a project's shared files.",
  hint: 'Leave the key to each person\'s own settings; if the registry means it, add {"key": "<id>", "reason": "why"} to trust_overrides in targets.json.',
  get examples() {
    return {
      passing: withSeed({ enabledPlugins: {}, permissions: { defaultMode: "acceptEdits" } }),
      failing: withSeed({ enableAllProjectMcpServers: true }),
      expected: [
        "seeds/settings.json:2:3: error AGC108 .claude/settings.json would get enableAllProjectMcpServers = true (all-project-mcp-servers, Claude Code): it approves every MCP server the repository's .mcp.json names, without asking the person, and the repository would decide that for everyone who opens it",
      ],
    };
  },
  *run(registry, tree) {
    const overrides = registry.targets.trust_overrides ?? [];
    const used = new Set<number>();
    for (const { file, hit, position } of trustGrants(registry, tree))
      yield withOverride(overrides, used, hit, { position, message: message(file, hit) });
    yield* unusedOverrides(registry, overrides, used);
  },
};

/** A trust key's value in a file the build writes. */
export interface TrustGrant {
  file: string;
  hit: TrustHit;
  position: Position;
}

/** Every trust key's value the build writes: composed values first, then whole files. */
export function* trustGrants(registry: Registry, tree: EmittedTree): Generator<TrustGrant> {
  const keysFor = keysByFile(resolvedTrustKeys([...builtinPackFields(), ...registry.clients]));
  for (const composed of tree.composed) {
    const forFile = keysFor(composed.path);
    for (const hit of trustHits(valueOfEntries(composed.entries), forFile)) {
      const position = composedSource(registry, composed.path, hit) ?? emittedAt(composed, 1);
      yield { file: composed.path, hit, position };
    }
  }
  for (const file of tree.files) {
    const forFile = keysFor(file.path);
    if (forFile.length === 0) continue;
    for (const { hit, position } of fileHits(file, forFile)) yield { file: file.path, hit, position };
  }
}

/**
 * The keys whose file a path is, in their order: each distinct file is looked up, and each glob asked,
 * once per path, not once per key (a build has thousands of files, the packs a hundred keys over a few
 * dozen files, nearly all of them one path).
 */
function keysByFile(keys: readonly ResolvedTrustKey[]): (path: string) => ResolvedTrustKey[] {
  const firstOfFile = new Map<string, ResolvedTrustKey>();
  for (const key of keys) if (!firstOfFile.has(key.file)) firstOfFile.set(key.file, key);
  const firsts = [...firstOfFile.values()];
  const literal = new Set(firsts.filter((key) => isLiteralFile(key.file)).map((key) => key.file));
  const globs = firsts.filter((key) => !isLiteralFile(key.file));
  const none: ResolvedTrustKey[] = [];
  return (path) => {
    // Most paths are no settings file: nothing is allocated for them.
    let files: Set<string> | undefined;
    if (literal.has(path)) files = new Set([path]);
    for (const key of globs) {
      if (!key.matchesFile(path)) continue;
      files ??= new Set();
      files.add(key.file);
    }
    return files ? keys.filter((key) => files.has(key.file)) : none;
  };
}

function message(file: string, hit: TrustHit): string {
  const value = clip(JSON.stringify(hit.value) ?? "", 80);
  return `${file} would get ${pathText(hit.path)} = ${value} (${hit.trustKey.id}, ${hit.trustKey.clientName}): it ${hit.trustKey.why}, and the repository would decide that for everyone who opens it`;
}

function withOverride(
  overrides: TrustOverride[],
  used: Set<number>,
  hit: TrustHit,
  finding: Finding,
): Finding {
  const index = overrides.findIndex(
    (o) => o.key === hit.trustKey.id && (o.client === undefined || o.client === hit.trustKey.client),
  );
  if (index < 0) return finding;
  used.add(index);
  const reason = clip(overrides[index]?.reason ?? "");
  return {
    ...finding,
    severity: "info",
    message: `${finding.message}; allowed by trust_overrides[${index}]: ${reason}`,
  };
}

/** A whole settings file the build copies (seed, asset, shared file), parsed; positions in its registry source. */
function fileHits(file: EmittedFile, keys: ResolvedTrustKey[]): { hit: TrustHit; position: Position }[] {
  const text = file.bytes.toString("utf8");
  const label = file.source ?? file.path;
  if (file.path.endsWith(".toml")) {
    const value = tomlValue(text);
    return trustHits(value, keys).map((hit) => ({
      hit,
      position: at(file, { file: label, line: 1, column: 1 }),
    }));
  }
  const { document } = parseJsonDocument(label, text);
  if (!document) return [];
  return trustHits(document.value, keys).map((hit) => ({
    hit,
    position: at(file, document.positionOf(hit.path, "key")),
  }));
}

function at(file: EmittedFile, position: Position): Position {
  return file.source ? position : emittedAt(file, position.line, position.column);
}

function tomlValue(text: string): unknown {
  try {
    return parseToml(text);
  } catch {
    return undefined;
  }
}

function* unusedOverrides(
  registry: Registry,
  overrides: TrustOverride[],
  used: Set<number>,
): Generator<Finding> {
  for (const [index, override] of overrides.entries()) {
    if (used.has(index)) continue;
    yield {
      position: registry.targetsDocument.positionOf(["trust_overrides", index, "key"]),
      message: `trust_overrides[${index}] allows "${override.key}"${override.client ? ` for ${override.client}` : ""}, which nothing the build writes holds`,
      hint: "Remove the override, or fix its key (the id AGC108 names) and client.",
      severity: "warning",
    };
  }
}
