import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The test runs' temporary folders, on a tmpfs mounted for the run where the system allows it (Linux, as
 * root, as CI runs): the tests write and remove hundreds of thousands of files, and the installer syncs what
 * it writes; on a disk that other work shares, the tests wait on it. Elsewhere the system's temporary folder.
 * `env` is the tests' environment (TMPDIR set); `release` unmounts and removes the folder.
 */
export function testTmpfs(): { env: NodeJS.ProcessEnv; release: () => void } {
  if (process.platform !== "linux" || process.getuid?.() !== 0)
    return { env: process.env, release: () => {} };
  const dir = mkdtempSync(join(tmpdir(), "agentc-tests-"));
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "mode=1777", "tmpfs", dir]).status === 0;
  // Ctrl-C reaches the tests and this process alike: this one waits for the tests to end, then unmounts.
  if (mounted) process.on("SIGINT", () => {});
  return {
    env: mounted ? { ...process.env, TMPDIR: dir } : process.env,
    release: () => {
      // Lazily: a process a client CLI left behind may still hold a folder in it.
      if (mounted) spawnSync("umount", ["-l", dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
