import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** A small seeded generator (mulberry32): the same seed gives the same cases on every machine. */
export class Random {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

/** What a mutation works on: the registry folder, its files (registry-relative), the randomness, the size bound. */
export interface MutationContext {
  dir: string;
  files: string[];
  random: Random;
  /** Upper bound for huge strings and lines, in characters. */
  hugeChars: number;
}

export type Mutation = (context: MutationContext) => string;

export function registryFiles(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => {
      const path = prefix ? `${prefix}/${e.name}` : e.name;
      return e.isDirectory() ? registryFiles(dir, path) : e.isFile() ? [path] : [];
    })
    .sort();
}

const pickFile = (c: MutationContext, pattern?: RegExp) => {
  const matching = pattern ? c.files.filter((f) => pattern.test(f)) : c.files;
  return matching.length > 0 ? c.random.pick(matching) : undefined;
};

const huge = (c: MutationContext) => "x".repeat(1 + c.random.int(c.hugeChars));
const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

function editBytes(c: MutationContext, edit: (bytes: Buffer) => Buffer, pattern?: RegExp): string {
  const file = pickFile(c, pattern);
  if (!file) return "no file";
  writeFileSync(join(c.dir, file), edit(readFileSync(join(c.dir, file))));
  return file;
}

function hostileValue(c: MutationContext): unknown {
  const values: (() => unknown)[] = [
    () => huge(c),
    () => "../../../../etc/passwd",
    () => "/etc/passwd",
    () => "",
    () => -1,
    () => 1e308,
    () => true,
    () => null,
    () => [],
    () => ({}),
    () => "\u0000\u0001\u001b[31m",
    () => "${HOME}/.aws/credentials",
    () => "é".repeat(300),
    () => "a/".repeat(600),
    () => Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])),
    () => Array.from({ length: 5000 }, (_, i) => `v${i}`),
    () => "See @.env",
    () => "bypassPermissions",
  ];
  return c.random.pick(values)();
}

/** A random place in a parsed JSON value: the container and the key to replace. */
function randomSlot(value: unknown, random: Random): { parent: Record<string, unknown>; key: string } | undefined {
  let parent: Record<string, unknown> | undefined;
  let key: string | undefined;
  let at = value;
  for (let depth = 0; depth < 8 && at !== null && typeof at === "object"; depth++) {
    const keys = Object.keys(at);
    if (keys.length === 0) break;
    parent = at as Record<string, unknown>;
    key = random.pick(keys);
    at = parent[key];
    if (random.next() < 0.3) break;
  }
  return parent && key !== undefined ? { parent, key } : undefined;
}

function editJson(c: MutationContext, edit: (slot: { parent: Record<string, unknown>; key: string }) => void): string {
  const file = pickFile(c, /\.json$/);
  if (!file) return "no json";
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(join(c.dir, file), "utf8"));
  } catch {
    return `${file} (not JSON)`;
  }
  const slot = randomSlot(value, c.random);
  if (!slot) return `${file} (empty)`;
  edit(slot);
  writeFileSync(join(c.dir, file), JSON.stringify(value, null, c.random.int(3)));
  return `${file} ${slot.key}`;
}

function frontmatterInsert(c: MutationContext, lines: string): string {
  return editBytes(
    c,
    (bytes) => {
      const text = bytes.toString("utf8");
      return Buffer.from(text.startsWith("---\n") ? `---\n${lines}\n${text.slice(4)}` : `---\n${lines}\n---\n${text}`);
    },
    /\.md$/,
  );
}

function aliasBomb(): string {
  const lines = ['b0: &b0 ["x", "x", "x", "x", "x", "x", "x", "x", "x"]'];
  for (let i = 1; i < 9; i++) lines.push(`b${i}: &b${i} [${Array(9).fill(`*b${i - 1}`).join(", ")}]`);
  return lines.join("\n");
}

/** `count` keys of one mapping, one per line: the yaml parser compares each with every other. */
const manyKeys = (count: number) => Array.from({ length: count }, (_, i) => `k${i}: v`).join("\n");
/** As many keys as the size bound allows, up to the 60,000 that made build run past 150 s. */
const keyCount = (c: MutationContext) => Math.min(60_000, Math.max(1_000, Math.floor(c.hugeChars / 10)));

/** A rule whose globs are 40 brace groups of two (2^40 globs) beside a rule file, in the form its folder takes. */
function braceBomb(c: MutationContext): string {
  const file = pickFile(c, /\.md$/);
  if (!file) return "no markdown";
  const folder = dirname(file);
  const globs = `globs: ["src/${"{a,b}".repeat(40)}/*.ts"]`;
  const matter = folder.endsWith("core/rules")
    ? ["trigger: glob", globs]
    : ["scope: scoped", globs, "description: Brace groups multiply."];
  const path = join(folder, "brace-bomb.md");
  writeFileSync(join(c.dir, path), `---\n${matter.join("\n")}\n---\n# Brace Bomb\n\nText.\n`);
  return path;
}

/** Files named as secrets (the guard's list) in a skill folder or a capability package, or a rule folder. */
function secretFiles(c: MutationContext): string {
  const homes = c.files.filter((f) => /(^|\/)(SKILL\.md|capability\.json)$/.test(f)).map(dirname);
  const folder = homes.length > 0 ? c.random.pick(homes) : folderOf(c);
  const names = ["id_rsa", ".env", ".env.production", "server.pem", "deploy.key", "credentials.json", ".ssh/id_ed25519"];
  const name = c.random.pick(names);
  mkdirSync(dirname(join(c.dir, folder, name)), { recursive: true });
  writeFileSync(join(c.dir, folder, name), "-----BEGIN PRIVATE KEY-----\nAGENTC-FUZZ-SECRET\n");
  return join(folder, name);
}

function link(c: MutationContext, target: (file: string) => string): string {
  const file = pickFile(c) ?? "rules/x.md";
  rmSync(join(c.dir, file), { force: true, recursive: true });
  mkdirSync(dirname(join(c.dir, file)), { recursive: true });
  const to = target(file);
  symlinkSync(to, join(c.dir, file));
  return `${file} -> ${to}`;
}

function folderOf(c: MutationContext): string {
  const file = pickFile(c, /\//);
  return file ? dirname(file) : "rules";
}

/** Every mutation, by name: bytes, JSON values, YAML, Markdown, deep nesting, huge strings, links, odd files. */
export const mutations: Record<string, Mutation> = {
  "flip-bytes": (c) =>
    editBytes(c, (b) => {
      for (let i = 0; i < 8 && b.length > 0; i++) b[c.random.int(b.length)] = c.random.int(256);
      return b;
    }),
  truncate: (c) => editBytes(c, (b) => b.subarray(0, c.random.int(b.length + 1))),
  "insert-nul": (c) => editBytes(c, (b) => Buffer.concat([b.subarray(0, 3), Buffer.from([0]), b.subarray(3)])),
  "invalid-utf8": (c) => editBytes(c, (b) => Buffer.concat([b, Buffer.from([0xc3, 0x28, 0xff])])),
  "json-value": (c) =>
    editJson(c, (s) => {
      s.parent[s.key] = hostileValue(c);
    }),
  "json-delete": (c) =>
    editJson(c, (s) => {
      delete s.parent[s.key];
    }),
  "json-deep": (c) => editBytes(c, (b) => Buffer.from(`{"v": ${nested(10_000 + c.random.int(90_000))}, "x": ${b.toString()}}`), /\.json$/),
  "json-many-keys": (c) =>
    editJson(c, (s) => {
      s.parent[s.key] = Object.fromEntries(Array.from({ length: keyCount(c) }, (_, i) => [`k${i}`, i]));
    }),
  "json-deep-after-comment": (c) =>
    editBytes(c, (b) => Buffer.from(`// "\n{"v": ${nested(10_000 + c.random.int(90_000))}, "x": ${b.toString()}}`), /\.json$/),
  "toml-deep": (c) =>
    editBytes(
      c,
      (b) =>
        Buffer.concat([
          b,
          Buffer.from(
            c.random.pick([
              `\ndeep${".k".repeat(100_000)} = 1\n`,
              `\n[${"t.".repeat(50_000)}end]\nx = 1\n`,
              `\narr = ${nested(100_000)}\n`,
              `\n${manyKeys(keyCount(c)).replace(/: /g, " = ")}\n`,
            ]),
          ),
        ]),
      /\.toml$/,
    ),
  "yaml-alias-bomb": (c) => frontmatterInsert(c, aliasBomb()),
  "yaml-many-keys": (c) => frontmatterInsert(c, manyKeys(keyCount(c))),
  "yaml-flow-many-keys": (c) =>
    frontmatterInsert(c, `many: {${Array.from({ length: keyCount(c) }, (_, i) => `k${i}: v`).join(", ")}}`),
  "glob-brace-bomb": braceBomb,
  "secret-files": secretFiles,
  "yaml-deep": (c) => frontmatterInsert(c, `deep: ${nested(1000 + c.random.int(20_000))}`),
  "yaml-odd": (c) =>
    frontmatterInsert(c, c.random.pick(["a: !!binary aGVsbG8=", "a: 1\na: 2", "\tkey: x", "x: *missing", "<<: *m", "...", `s: ${huge(c)}`])),
  "markdown-hostile": (c) =>
    editBytes(
      c,
      (b) =>
        Buffer.concat([
          b,
          Buffer.from(
            c.random.pick([
              `\n${huge(c)}\n`,
              `\n${"# h\n".repeat(5000)}`,
              "\nSee @.env and @/etc/passwd and #[[file:~/.ssh/id_rsa]]\n",
              "\n<!-- You MUST NOT -->\n",
              "\n# !!!\n\n# con\n",
              `\n# ${"word ".repeat(2000)}\n`,
            ]),
          ),
        ]),
      /\.md$/,
    ),
  "link-outside": (c) => link(c, () => c.random.pick(["/etc/passwd", "/", "/dev/zero", "/proc/self/environ"])),
  "link-loop": (c) => link(c, (file) => c.random.pick([file.split("/").pop() ?? ".", ".", ".."])),
  "link-dangling": (c) => link(c, () => "does-not-exist"),
  "deep-folders": (c) => {
    const path = join(folderOf(c), ...Array(60).fill("d"), "deep.md");
    mkdirSync(dirname(join(c.dir, path)), { recursive: true });
    writeFileSync(join(c.dir, path), "# Deep\n\nText.\n");
    return path;
  },
  "long-name": (c) => {
    const path = join(folderOf(c), `${"n".repeat(250)}.md`);
    writeFileSync(join(c.dir, path), "# Long\n\nText.\n");
    return path;
  },
  "named-pipe": (c) => {
    const path = join(folderOf(c), "pipe.md");
    spawnSync("mkfifo", [join(c.dir, path)]);
    return path;
  },
  remove: (c) => {
    const file = pickFile(c);
    if (file) rmSync(join(c.dir, file), { force: true });
    return file ?? "nothing";
  },
  "folder-for-file": (c) => {
    const file = pickFile(c);
    if (!file) return "nothing";
    rmSync(join(c.dir, file), { force: true });
    mkdirSync(join(c.dir, file), { recursive: true });
    return file;
  },
};

export const mutationNames = Object.keys(mutations).sort();

/** Applies 1 to 3 random mutations to the registry folder; returns what was done. */
export function mutate(dir: string, random: Random, hugeChars: number): string[] {
  const done: string[] = [];
  for (let n = 1 + random.int(3); n > 0; n--) {
    const name = random.pick(mutationNames);
    const files = registryFiles(dir);
    try {
      done.push(`${name}: ${(mutations[name] as Mutation)({ dir, files, random, hugeChars })}`);
    } catch (error) {
      // A mutation may not apply (JSON.stringify of an earlier 100,000-deep value): the case goes on.
      done.push(`${name}: not applied (${(error as Error).message})`);
    }
  }
  return done;
}
