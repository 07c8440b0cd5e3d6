import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { parseJson } from "../../shared/nesting-limit.js";
import { agentcDir, agentcPath } from "../model/agentc-dir.js";

/** The project lock and the files its takeover protocol leaves beside it in .agentc/ (see lock.ts). */
export const lockPath = `${agentcDir}/lock`;
/** The lock of the install at `root` (in a project: `lockPath`). */
export const lockPathIn = (root: string): string => agentcPath(root, "lock");

/** What a lock file says: the owner's pid, and a token naming this one lock (none in locks of older versions). */
export interface LockOwner {
  pid: number;
  token: string;
}

/** One lock as seen on disk: its owner's pid when readable, and the key that names this lock instance. */
export interface SeenLock {
  pid: number | undefined;
  key: string;
}

export const lockText = (owner: LockOwner): string => `${JSON.stringify(owner)}\n`;
export const tempName = (owner: LockOwner): string => `lock.new-${owner.pid}-${owner.token}`;
export const claimName = (key: string, generation: number): string => `lock.claim-${key}-${generation}`;

const claimPattern = /^lock\.claim-([0-9a-z]+)-([1-9][0-9]*)$/;
const tempPattern = /^lock\.new-([1-9][0-9]*)-[0-9a-f]+$/;

/** The lock at `path`, or undefined when there is none. */
export function seeLock(path: string): SeenLock | undefined {
  let ino: number;
  try {
    ino = lstatSync(path).ino;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const content = readOwner(path);
  const token = content?.token;
  const key = typeof token === "string" && /^[0-9a-f]{32}$/.test(token) ? `t${token}` : `i${ino}`;
  return { pid: content?.pid, key };
}

/** The pid in a lock or claim file; undefined when it is unreadable (a leftover, never one being written). */
export function readOwner(path: string): { pid: number | undefined; token?: unknown } | undefined {
  try {
    const parsed = parseJson(readFileSync(path, "utf8")) as { pid?: unknown; token?: unknown };
    const pid =
      typeof parsed.pid === "number" && Number.isInteger(parsed.pid) && parsed.pid > 0
        ? parsed.pid
        : undefined;
    return { pid, token: parsed.token };
  } catch {
    return undefined;
  }
}

/** The claims on one lock instance, by generation. */
export function claimGenerations(dir: string, key: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync(dir)) {
    const m = claimPattern.exec(name);
    if (m?.[1] === key) out.push(Number(m[2]));
  }
  return out.sort((a, b) => a - b);
}

/** Protocol files beside the lock: claims (any), temps (with their writer's pid), and lock.stale-* of older versions. */
export function protocolLeftovers(dir: string): { name: string; pid: number | undefined }[] {
  const out: { name: string; pid: number | undefined }[] = [];
  for (const name of readdirSync(dir)) {
    const temp = tempPattern.exec(name);
    if (temp) out.push({ name, pid: Number(temp[1]) });
    else if (claimPattern.test(name) || name.startsWith("lock.stale-")) out.push({ name, pid: undefined });
  }
  return out;
}
