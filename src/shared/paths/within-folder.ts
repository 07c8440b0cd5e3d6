import { isAbsolute, relative, sep } from "node:path";

/** Whether an absolute path is the folder itself or lies below it (both already resolved). */
export function isWithin(path: string, folder: string): boolean {
  // Resolved paths (join, resolve and realpath give them): a prefix says yes without path.relative, which
  // resolves both again and costs a registry read thousands of calls. A path with a ".." segment (one not
  // resolved) and anything else is asked of it, so "<folder>/../x" is never taken for inside.
  const prefix = folder.endsWith(sep) ? folder : `${folder}${sep}`;
  if (path === folder || (path.startsWith(prefix) && !path.includes(`${sep}..`))) return true;
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}
