import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { agentcDirOf } from "../model/agentc-dir.js";
import { type ProjectWriter, SimulatedCrash } from "./fs-ops.js";
import {
  claimGenerations,
  claimName,
  type LockOwner,
  lockPathIn,
  lockText,
  protocolLeftovers,
  readOwner,
  type SeenLock,
  seeLock,
  tempName,
} from "./lock-file.js";

export { lockPath } from "./lock-file.js";

/**
 * One install per project. The protocol (docs/installer.md, "The lock"):
 * - a lock is written whole into a temp file and appears through link(), so a reader never sees it half written;
 * - a lock whose owner is gone is taken over only by the one process that creates, with link(), the next claim
 *   file on that lock (`lock.claim-<key>-<n>`); claim n+1 is tried only after the owner of claim n is seen dead;
 * - the claim's winner checks that the lock is still the one it judged, then renames its own lock over it.
 * Nobody else ever renames or deletes a lock, so two processes can never both hold one.
 */
export class LockHeldError extends Error {}

export interface Lock {
  release(): void;
}

const attempts = 50;

export function acquireLock(fs: ProjectWriter, root: string): Lock {
  const dir = join(root, agentcDirOf(root));
  const me: LockOwner = { pid: process.pid, token: randomBytes(16).toString("hex") };
  const temp = join(dir, tempName(me));
  const lockPath = lockPathIn(root);
  const lock = join(root, lockPath);
  let holding = false;
  try {
    for (let attempt = 0; attempt < attempts && !holding; attempt++) {
      throwIfHeld(seeLock(lock));
      if (!existsSync(temp)) writeTemp(fs, root, temp, me);
      holding = createLock(fs, temp, lock) || takeOver(fs, dir, temp, lock);
    }
    if (!holding) throw new LockHeldError(`could not take ${lockPath}; remove it if no agentc is running`);
    if (existsSync(temp)) fs.unlink(temp);
    removeLeftovers(fs, dir);
    waitForGate("closed");
    return { release: () => release(fs, root, me) };
  } catch (error) {
    if (error instanceof SimulatedCrash) throw error;
    if (existsSync(temp)) tolerate(["ENOENT"], () => fs.unlink(temp));
    if (holding) release(fs, root, me);
    else removeEmptyDirs(fs, root);
    throw error;
  }
}

function writeTemp(fs: ProjectWriter, root: string, temp: string, me: LockOwner): void {
  let dir = root;
  // agentc's folder and, for the user scope, the config folders above it that are not there yet
  for (const name of agentcDirOf(root).split("/")) {
    dir = join(dir, name);
    if (!existsSync(dir)) tolerate(["EEXIST"], () => fs.makeDir(dir));
  }
  fs.writeNewFile(temp, Buffer.from(lockText(me)), 0o644, true);
}

/** The usual case: no lock yet. link() is create-only, so of several processes exactly one succeeds. */
function createLock(fs: ProjectWriter, temp: string, lock: string): boolean {
  try {
    fs.hardLink(temp, lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  return true;
}

/** A lock exists: held (throws), stale and taken over by us (true), or changed meanwhile (false: look again). */
function takeOver(fs: ProjectWriter, dir: string, temp: string, lock: string): boolean {
  const seen = seeLock(lock);
  if (!seen) return false;
  throwIfHeld(seen);
  waitForGate("open");
  const generation = (claimGenerations(dir, seen.key).at(-1) ?? 0) + 1;
  if (generation > 1) {
    const claimant = readOwner(join(dir, claimName(seen.key, generation - 1)))?.pid;
    if (claimant !== undefined && claimant !== process.pid && ownerRuns(claimant)) throw held(claimant);
  }
  const claim = join(dir, claimName(seen.key, generation));
  try {
    fs.hardLink(temp, claim);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  if (!sameLock(seeLock(lock), seen)) {
    tolerate(["ENOENT"], () => fs.unlink(claim));
    return false;
  }
  fs.rename(temp, lock);
  return true;
}

/** Checked before writing anything, so that a second install fails fast without touching the project. */
function throwIfHeld(seen: SeenLock | undefined): void {
  if (seen?.pid !== undefined && ownerRuns(seen.pid)) throw held(seen.pid);
}

const sameLock = (now: SeenLock | undefined, judged: SeenLock): boolean => now?.key === judged.key;

const held = (pid: number): LockHeldError =>
  new LockHeldError(
    `another install holds the lock: agentc (pid ${pid}) is installing into this project; wait for it to finish`,
  );

/**
 * Once we hold the lock: claims and lock.stale-* files are finished with, and temps whose writer is gone (or is
 * this process: acquiring is synchronous, so none of ours is in flight) are leftovers of a crash.
 */
function removeLeftovers(fs: ProjectWriter, dir: string): void {
  for (const { name, pid } of protocolLeftovers(dir))
    if (pid === undefined || pid === process.pid || !ownerRuns(pid))
      tolerate(["ENOENT"], () => fs.unlink(join(dir, name)));
}

function release(fs: ProjectWriter, root: string, me: LockOwner): void {
  const path = join(root, lockPathIn(root));
  if (readOwner(path)?.token === me.token) fs.unlink(path);
  removeEmptyDirs(fs, root);
}

/** agentc's folder once empty, and the folders above it inside `root` that are left empty (the user scope's). */
function removeEmptyDirs(fs: ProjectWriter, root: string): void {
  const names = agentcDirOf(root).split("/");
  for (let n = names.length; n > 0; n--) removeEmptyDir(fs, join(root, ...names.slice(0, n)));
}

/** Another process may be creating its lock temp there at this moment: then the folder stays. */
function removeEmptyDir(fs: ProjectWriter, dir: string): void {
  if (existsSync(dir) && readdirSync(dir).length === 0)
    tolerate(["ENOENT", "ENOTEMPTY", "EEXIST"], () => fs.removeDir(dir));
}

function tolerate(codes: string[], action: () => void): void {
  try {
    action();
  } catch (error) {
    if (!codes.includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
  }
}

/** Whether a lock's owner still runs; this process counts as running (a second run in one process waits). */
function ownerRuns(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Test hook AGENTC_LOCK_GATE=<file>: having judged a lock stale, a process announces `agentc-waiting:lock` on
 * stderr and waits until the file exists, so that several processes act on the same judgement at one instant;
 * the one that takes the lock holds it until the file is gone.
 */
let gateWaited = false;
function waitForGate(until: "open" | "closed"): void {
  const gate = process.env.AGENTC_LOCK_GATE;
  if (!gate || (until === "open" && gateWaited)) return;
  gateWaited = true;
  if (until === "open") process.stderr.write("agentc-waiting:lock\n");
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (existsSync(gate) !== (until === "open")) Atomics.wait(pause, 0, 0, 5);
}
