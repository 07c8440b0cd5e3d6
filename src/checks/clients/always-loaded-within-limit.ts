import type { LoadedClientPack } from "../../clients/loaded-client-pack.js";
import type { ClientPack } from "../../clients/model.js";
import { clientFixture, coreRule } from "../../diagnostics/client-fixture.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { EmittedFile, EmittedTree } from "../../emit/emitted-tree.js";
import type { Registry } from "../../registry/model.js";
import type { OutputCheck } from "../check.js";
import { clientFiles, emittedFrontmatter, sourceFileOf } from "./emitted-files.js";

export const defaultAlwaysLoadedLimit = 40_000;
/** How many of the biggest files the message names. */
const namedFiles = 3;

export const alwaysLoadedWithinLimit: OutputCheck = {
  id: "AGC090",
  slug: "always-loaded-within-limit",
  stage: "output",
  severity: "error",
  title: "The text a client loads into every session stays within its pack's limit",
  description:
    "A client reads its root instruction file and every unconditional rule file at the start of each session, before the task is known. The sum of those files (core rules it loads always, and rule files the pack copies as they are when their frontmatter sets no load condition), together with the always-on files of the rule adapter of the same id, may not exceed the pack's always_loaded_limit (default 40,000 characters): past it, context that the task needs is spent on rules that may not apply.",
  hint: "Give rules a glob or model_decision trigger so they load only when relevant, move detail into skills, or cut text; raise always_loaded_limit in the client pack only knowingly.",
  examples: {
    passing: clientFixture({ "core/rules/style.md": coreRule("always_on", ["Keep functions short."]) }),
    failing: clientFixture({
      "core/rules/style.md": coreRule(
        "always_on",
        Array.from({ length: 900 }, (_, i) => `- Rule ${i}: prefer clear names over comments.`),
      ),
    }),
    expected: [
      "core/rules/style.md:1:1: error AGC090 example-client (Example Client) loads 41417 characters into every session, over its limit of 40000; biggest: .example/rules/style.md 41417",
    ],
  },
  *run(registry, tree) {
    for (const client of registry.clients) {
      const files = alwaysLoadedFiles(registry, client, tree);
      const sizes = files.map((file) => ({ file, characters: characterCount(file) }));
      const total = sizes.reduce((sum, s) => sum + s.characters, 0);
      const limit = client.pack.always_loaded_limit ?? defaultAlwaysLoadedLimit;
      if (total <= limit) continue;
      const biggest = [...sizes].sort(
        (a, b) => b.characters - a.characters || (a.file.path < b.file.path ? -1 : 1),
      );
      const named = biggest.slice(0, namedFiles).map((s) => `${s.file.path} ${s.characters}`);
      const more = biggest.length > namedFiles ? `, and ${biggest.length - namedFiles} more` : "";
      yield {
        position: positionFor(registry, client, biggest[0]?.file),
        message: `${client.pack.client} (${client.pack.name}) loads ${total} characters into every session, over its limit of ${limit}; biggest: ${named.join(", ")}${more}`,
      };
    }
  },
};

/**
 * The client's files marked always-loaded, copied rule files the client loads unconditionally, and the
 * always-on files of the rule adapter with the same id.
 */
export function alwaysLoadedFiles(
  registry: Registry,
  client: LoadedClientPack,
  tree: EmittedTree,
): EmittedFile[] {
  const id = client.pack.client;
  const copiedAlways = new Set(
    [...clientFiles(registry, tree.files)]
      .filter((f) => f.origin.client === id && f.origin.kind !== f.kind && f.kind === "rule")
      .filter((f) => loadsUnconditionally(f.file, client.pack))
      .map((f) => f.file),
  );
  const seen = new Set<string>();
  return tree.files.filter((f) => {
    const counts = f.client
      ? f.client.client === id && (f.client.alwaysLoaded || copiedAlways.has(f))
      : f.component === id && f.role === "always-on";
    if (!counts || seen.has(f.path)) return false;
    seen.add(f.path);
    return true;
  });
}

/**
 * A rule file the pack copies as it is loads like an always_on rule when its frontmatter says no more
 * than the always_on mapping writes (Claude Code: no paths; Cursor: alwaysApply: true).
 */
function loadsUnconditionally(file: EmittedFile, pack: ClientPack): boolean {
  const always = pack.rule_triggers?.map.always_on?.fields;
  if (!always) return false;
  const frontmatter = emittedFrontmatter(file);
  if (frontmatter.kind === "none") return Object.keys(always).length === 0;
  if (frontmatter.kind === "malformed") return false;
  const values = frontmatter.yaml.value;
  const keys = Object.keys(always);
  const isSlot = (v: unknown) => typeof v === "string" && /^\{\w+\}$/.test(v);
  const fits = (k: string) => isSlot(always[k]) || values[k] === always[k];
  return frontmatter.keys.every((k) => keys.includes(k)) && keys.every(fits);
}

export function characterCount(file: EmittedFile): number {
  return Array.from(file.bytes.toString("utf8")).length;
}

/** The source of the biggest file (what to shorten) when the registry has it, else the pack's limit. */
function positionFor(
  registry: Registry,
  client: LoadedClientPack,
  biggest: EmittedFile | undefined,
): Position {
  const longestRule = [...(biggest?.rules ?? [])].sort((a, b) => b.text.length - a.text.length)[0];
  if (longestRule) return longestRule.heading;
  const source = biggest && sourceFileOf(registry, biggest);
  if (source) return { file: source, line: 1, column: 1 };
  const hasLimit = client.pack.always_loaded_limit !== undefined;
  return client.document.positionOf(hasLimit ? ["always_loaded_limit"] : []);
}
