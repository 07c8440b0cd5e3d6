import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A real, small file system (tmpfs with a size limit) mounted for the test and unmounted when its process ends,
 * so "no space left on device" comes from the kernel, not from a mock. Mounting needs root (CAP_SYS_ADMIN);
 * where it is refused, `skip` says why and the tests that need it are skipped with that reason.
 */
export type SmallDisk = { dir: string; skip?: undefined } | { dir?: undefined; skip: string };

const mounted: string[] = [];
// When the process ends (testdir.ts says why not when the file's tests end).
process.on("exit", () => {
  for (const dir of mounted.splice(0)) {
    spawnSync("umount", [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

export function smallDisk(kib: number): SmallDisk {
  if (process.platform !== "linux") return { skip: "mounting a size-limited tmpfs needs Linux" };
  const dir = mkdtempSync(join(tmpdir(), "agentc-small-disk-"));
  const mount = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${kib}k,mode=0755`, "tmpfs", dir], {
    encoding: "utf8",
  });
  if (mount.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return {
      skip: `cannot mount a ${kib} KiB tmpfs here (${(mount.stderr || mount.error?.message || "").trim()})`,
    };
  }
  mounted.push(dir);
  return { dir };
}

/** Fills the disk holding `path` with one file of zeros until the kernel refuses a byte more. */
export function fillUp(path: string): void {
  const fd = openSync(path, "w");
  const block = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
}

export function release(path: string): void {
  rmSync(path, { force: true });
}
