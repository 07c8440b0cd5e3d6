import {
  cpSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { serializeManifest } from "../../src/manifest/canonical-manifest.js";
import type { ComponentInstall, Manifest } from "../../src/manifest/manifest-model.js";
import { sha256 } from "../../src/shared/hash.js";
import { pair } from "../../src/shared/line-codec.js";
import { runAgentc } from "./run-cli.js";
import { testdir } from "./testdir.js";

/** A component of a test bundle: its files by install path, plus any install fields to set. */
export interface ComponentSpec extends Partial<Omit<ComponentInstall, "seeds">> {
  files?: Record<string, string>;
  seeds?: Record<string, string>;
}

export interface BundleSpec {
  version?: string;
  components: Record<string, ComponentSpec>;
  /** seed path → earlier shipped contents (seed_refresh_hashes) */
  seedHistory?: Record<string, string[]>;
  tools?: string[];
  /** path → the project file's text the registry was imported from, where the build now ships another (imported_hashes) */
  imported?: Record<string, string>;
}

/** Writes a build folder (files at their install paths + manifest.json) the way 'agentc build' lays it out. */
export function makeBundle(spec: BundleSpec): string {
  const dir = testdir({}, "agentc-bundle-");
  const artifacts: string[] = [];
  const artifactHashes: string[] = [];
  const seedHashes: string[] = [];
  const components: Record<string, ComponentInstall> = {};
  for (const [id, c] of Object.entries(spec.components).sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const [path, text] of Object.entries(c.files ?? {})) {
      // a file two components ship with the same bytes is one artifact, as agentc build lists it
      if (artifactHashes.includes(pair(path, sha256(text)))) continue;
      put(dir, path, text);
      artifacts.push(path);
      artifactHashes.push(pair(path, sha256(text)));
    }
    for (const [path, text] of Object.entries(c.seeds ?? {})) {
      put(dir, path, text);
      artifacts.push(path);
      seedHashes.push(pair(path, sha256(text)));
    }
    const inDirs = (p: string): boolean => (c.owned_dirs ?? []).some((d) => p.startsWith(`${d}/`));
    components[id] = {
      owned_dirs: c.owned_dirs ?? [],
      owned_files: c.owned_files ?? Object.keys(c.files ?? {}).filter((p) => !inDirs(p)),
      symlinks: c.symlinks ?? [],
      seeds: Object.keys(c.seeds ?? {}),
      preserve: c.preserve ?? [],
      remove: c.remove ?? [],
      scaffold_dirs: c.scaffold_dirs ?? [],
      required: c.required ?? false,
      name: c.name ?? id,
      executables: c.executables ?? [],
      ...(c.adopt ? { adopt: c.adopt } : {}),
      ...(c.capability ? { capability: c.capability } : {}),
    };
  }
  const history = Object.entries(spec.seedHistory ?? {}).flatMap(([p, texts]) =>
    texts.map((t) => pair(p, sha256(t))),
  );
  const manifest: Manifest = {
    version: 1,
    artifacts: artifacts.sort(),
    install: {
      components,
      artifact_hashes: artifactHashes.sort(),
      seed_hashes: seedHashes.sort(),
      seed_refresh_hashes: history.sort(),
      ...(spec.imported
        ? {
            imported_hashes: Object.entries(spec.imported)
              .map(([p, t]) => pair(p, sha256(t)))
              .sort(),
          }
        : {}),
      tools: spec.tools ?? [],
      tool_paths: [],
      tool_payloads: [],
      tool_payload_keep: [],
      publish_rewrites: [],
    },
    registry_version: spec.version ?? "1.0.0",
  };
  writeFileSync(join(dir, "manifest.json"), serializeManifest(manifest));
  return dir;
}

function put(dir: string, path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

export type Snapshot = Record<string, string>;

/** The stat cache holds inode numbers and times: machine-local, different in every copy of a project. */
const statCache = ".agentc/stat-cache.json";

/**
 * Every path below `dir` (links not followed) as "file <mode> <content>" / "link <target>" / "dir"; the stat
 * cache only as "file" (its content is never the same twice).
 */
export function snapshot(dir: string, skip: (path: string) => boolean = () => false): Snapshot {
  const out: Snapshot = {};
  const visit = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const path = rel ? `${rel}/${name}` : name;
      if (skip(path)) continue;
      if (path === statCache) {
        out[path] = "file";
        continue;
      }
      const abs = join(dir, path);
      const stat = lstatSync(abs);
      if (stat.isSymbolicLink()) out[path] = `link ${readlinkSync(abs)}`;
      else if (stat.isDirectory()) {
        out[path] = "dir";
        visit(path);
      } else out[path] = `file ${(stat.mode & 0o111) !== 0 ? "x" : "-"} ${readFileSync(abs, "utf8")}`;
    }
  };
  visit("");
  return out;
}

/** Everything but agentc's own folder: what a user sees of their project. */
export const withoutAgentc = (path: string): boolean => path === ".agentc" || path.startsWith(".agentc/");

export function install(bundle: string, project: string, ...flags: string[]) {
  return runAgentc(["install", bundle, "--project", project, "--yes", ...flags]);
}

export async function installJson(bundle: string, project: string, ...flags: string[]) {
  const result = await install(bundle, project, "--format", "json", ...flags);
  return { ...result, json: JSON.parse(result.stdout || "{}") as InstallJson };
}

export interface InstallJson {
  status: string;
  written: boolean;
  actions: { op: string; path: string; to?: string; beside?: string }[];
  conflicts: { path: string; problem: string; hint: string }[];
  problems: string[];
  recovered?: string;
}

export function readRecordJson(project: string): {
  registry_version: string;
  entries: { path: string; kind: string; sha256?: string; adopted?: true }[];
} {
  return JSON.parse(readFileSync(join(project, ".agentc", "installed.json"), "utf8"));
}

/** Inode and change times of every path: equal stamps mean nothing was written, created or removed. */
export function stamps(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (rel: string): void => {
    const abs = rel ? join(dir, rel) : dir;
    const stat = lstatSync(abs, { bigint: true });
    out[rel || "."] = `${stat.ino}:${stat.mtimeNs}:${stat.ctimeNs}`;
    if (stat.isDirectory()) for (const name of readdirSync(abs).sort()) visit(rel ? `${rel}/${name}` : name);
  };
  visit("");
  return out;
}

/** A copy of a project folder (links copied as links), removed when the test file ends. */
export function copyOf(project: string): string {
  const copy = testdir();
  cpSync(project, copy, { recursive: true, verbatimSymlinks: true });
  return copy;
}

/** Runs `body` with the installer's crash injection at its n-th mutation (AGENTC_CRASH_AT, _MODE). */
export async function withCrash<T>(n: number, mode: string, body: () => Promise<T>): Promise<T> {
  process.env.AGENTC_CRASH_AT = String(n);
  process.env.AGENTC_CRASH_MODE = mode;
  try {
    return await body();
  } finally {
    delete process.env.AGENTC_CRASH_AT;
    delete process.env.AGENTC_CRASH_MODE;
  }
}
