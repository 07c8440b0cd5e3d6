import { chmodSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { type ZipAttributes, zipSync } from "fflate";
import { serializeManifest } from "../../src/manifest/canonical-manifest.js";
import type { Manifest } from "../../src/manifest/manifest-model.js";
import { sha256 } from "../../src/shared/hash.js";
import { pair } from "../../src/shared/line-codec.js";
import { testdir, writeFiles } from "./testdir.js";

export interface BuildFixture {
  files: Record<string, string | Buffer>;
  executables?: string[];
  rewrites?: string[];
  /** registry_version; default 1.0.0 */
  version?: string;
}

/** The manifest.json text 'agentc build' would write for these files (one component, "main"). */
export function manifestFor(fixture: BuildFixture): string {
  const paths = Object.keys(fixture.files).sort();
  const manifest: Manifest = {
    version: 1,
    artifacts: paths,
    install: {
      components: {
        main: {
          owned_dirs: [],
          owned_files: paths,
          symlinks: [],
          seeds: [],
          preserve: [],
          remove: [],
          scaffold_dirs: [],
          required: true,
          name: "Main",
          executables: [...(fixture.executables ?? [])].sort(),
        },
      },
      artifact_hashes: paths.map((p) => pair(p, sha256(fixture.files[p] ?? ""))),
      seed_hashes: [],
      seed_refresh_hashes: [],
      tools: [],
      tool_paths: [],
      tool_payloads: [],
      tool_payload_keep: [],
      publish_rewrites: fixture.rewrites ?? [],
    },
    registry_version: fixture.version ?? "1.0.0",
  };
  return serializeManifest(manifest);
}

/** A folder "build" laid out like the output of 'agentc build', alone in a fresh temporary folder. */
export function makeBuildDir(fixture: BuildFixture): string {
  const dir = join(testdir({}, "agentc-build-"), "build");
  writeFiles(dir, { ...fixture.files, "manifest.json": manifestFor(fixture) });
  for (const path of fixture.executables ?? []) chmodSync(join(dir, path), 0o755);
  return dir;
}

/** Every file below a folder: relative path → bytes and permission bits. */
export function readTree(dir: string): Record<string, { text: string; mode: number }> {
  const out: Record<string, { text: string; mode: number }> = {};
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, name.name);
      if (name.isDirectory()) walk(full);
      else
        out[relative(dir, full)] = { text: readFileSync(full, "latin1"), mode: statSync(full).mode & 0o777 };
    }
  };
  walk(dir);
  return out;
}

export interface CraftEntry {
  name: string;
  data?: string | Uint8Array;
  /** Unix st_mode (type and permission bits), stored in the upper external attributes. */
  unixMode?: number;
  extra?: Record<number, Uint8Array>;
  /** 0 stores the entry; default 6. */
  level?: 0 | 6 | 9;
}

/** A zip written by fflate (an implementation independent of agentc's writer), entries in the order given. */
export function craftZip(entries: readonly CraftEntry[]): Buffer {
  const input: Record<string, [Uint8Array, ZipAttributes & { level?: 0 | 6 | 9 }]> = {};
  for (const entry of entries) {
    const data = typeof entry.data === "string" ? Buffer.from(entry.data) : (entry.data ?? new Uint8Array(0));
    const attributes = entry.unixMode === undefined ? {} : { os: 3, attrs: (entry.unixMode << 16) >>> 0 };
    input[entry.name] = [
      data,
      {
        ...attributes,
        level: entry.level ?? 6,
        mtime: new Date(2020, 0, 1),
        ...(entry.extra ? { extra: entry.extra } : {}),
      },
    ];
  }
  return Buffer.from(zipSync(input));
}

/** A well-formed bundle (manifest.json plus its files) with extra raw entries appended. */
export function craftBundle(
  fixture: BuildFixture,
  extra: readonly CraftEntry[] = [],
  level: 0 | 6 = 6,
): Buffer {
  const files = Object.entries(fixture.files).map(([name, data]) => ({ name, data, level }));
  return craftZip([{ name: "manifest.json", data: manifestFor(fixture) }, ...files, ...extra]);
}

type HeaderField = "compressedSize" | "size" | "crc";
const centralOffsets: Record<HeaderField, number> = { crc: 16, compressedSize: 20, size: 24 };
const localOffsets: Record<HeaderField, number> = { crc: 14, compressedSize: 18, size: 22 };

/** Overwrites a field of one entry in both its central and its local header: a zip that lies. */
export function patchEntry(zip: Buffer, name: string, field: HeaderField, value: number): Buffer {
  const out = Buffer.from(zip);
  const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = out.readUInt32LE(end + 16);
  while (out.readUInt32LE(at) === 0x02014b50) {
    const nameLength = out.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
    if (out.toString("utf8", at + 46, at + 46 + nameLength) === name) {
      out.writeUInt32LE(value >>> 0, at + centralOffsets[field]);
      out.writeUInt32LE(value >>> 0, out.readUInt32LE(at + 42) + localOffsets[field]);
      return out;
    }
    at = next;
  }
  throw new Error(`no entry ${name}`);
}

/** The names of what is left in a folder (a tempRoot must end up empty). */
export function leftovers(dir: string): string[] {
  return readdirSync(dir);
}

/** Adds a second central-directory record for `name`, pointing at the same local header: overlapping entries. */
export function repeatCentralRecord(zip: Buffer, name: string): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const start = zip.readUInt32LE(end + 16);
  let at = start;
  while (at < end) {
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (zip.toString("utf8", at + 46, at + 46 + nameLength) === name) {
      const eocd = Buffer.from(zip.subarray(end));
      eocd.writeUInt16LE(eocd.readUInt16LE(8) + 1, 8);
      eocd.writeUInt16LE(eocd.readUInt16LE(10) + 1, 10);
      eocd.writeUInt32LE(eocd.readUInt32LE(12) + (next - at), 12);
      return Buffer.concat([zip.subarray(0, end), zip.subarray(at, next), eocd]);
    }
    at = next;
  }
  throw new Error(`no entry ${name}`);
}
