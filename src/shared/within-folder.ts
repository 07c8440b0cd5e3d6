import { isAbsolute, relative, sep } from "node:path";

/** Whether an absolute path is the folder itself or lies below it (both already resolved). */
export function isWithin(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}
