import { AgentcError } from "../shared/agentc-error.js";
import { zlibLibrary } from "../shared/on-first-use.js";
import { tarEntries } from "../shared/tar-entries.js";
import type { SourceFiles } from "./model.js";

export const maxUnpackedBytes = 128 * 1024 * 1024;

/**
 * Regular files of a .tar.gz below `path` (links, devices and the like are left out; paths are checked
 * where the files are placed). npm packs everything in one top folder ("package/"), which `top-folder` strips.
 */
export function unpackTarball(tgz: Uint8Array, path: string, strip: "top-folder" | "none"): SourceFiles {
  let tar: Uint8Array;
  try {
    tar = zlibLibrary().gunzipSync(tgz, { maxOutputLength: maxUnpackedBytes });
  } catch {
    throw new AgentcError(
      "dependency",
      "the tarball is not gzip, or unpacks to more than 128 MiB",
      "Use another version.",
    );
  }
  const folder = path.replace(/^\/+|\/+$/g, "");
  const files = new Map<string, Uint8Array>();
  const executables = new Set<string>();
  for (const item of tarEntries(tar)) {
    if (item.type !== "file" || !item.data) continue;
    const name =
      strip === "top-folder"
        ? item.name.slice(item.name.indexOf("/") + 1)
        : item.name.replace(/^(\.\/)+/, "");
    if (folder !== "" && !name.startsWith(`${folder}/`)) continue;
    const placed = folder === "" ? name : name.slice(folder.length + 1);
    files.set(placed, item.data);
    if (isExecutable(item.attrs?.mode)) executables.add(placed);
  }
  if (files.size === 0)
    throw new AgentcError(
      "dependency",
      `the tarball has no files under "${folder || "/"}"`,
      "Fix 'path' in sources.json.",
    );
  return { files, executables };
}

/** A tar entry's octal mode has an execute bit. */
const isExecutable = (mode: string | undefined): boolean =>
  mode !== undefined && (Number.parseInt(mode, 8) & 0o111) !== 0;
