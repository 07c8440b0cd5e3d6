import childProcess from "node:child_process";
import { writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { join } from "node:path";

/**
 * Loaded with --import into one test file's process by scripts/test-profile.ts: counts the child processes
 * the file starts (runs of bin/agentc.js apart) and writes the counts, as JSON, where AGENTC_PROFILE_OUT says.
 */
const counts = { cli: 0, other: 0 };
const outFile = process.env.AGENTC_PROFILE_OUT;
delete process.env.AGENTC_PROFILE_OUT;

function counted<F extends (...args: never[]) => unknown>(original: F): F {
  return function (this: unknown, ...args: Parameters<F>) {
    const [file, argv] = args as unknown as [string, unknown];
    const runsCli =
      Array.isArray(argv) && argv.some((a) => typeof a === "string" && a.endsWith(join("bin", "agentc.js")));
    if (runsCli || (typeof file === "string" && file.endsWith("agentc"))) counts.cli++;
    else counts.other++;
    return original.apply(this, args);
  } as F;
}

for (const name of ["spawn", "spawnSync", "execFile", "execFileSync"] as const) {
  (childProcess as unknown as Record<string, unknown>)[name] = counted(childProcess[name] as never);
}
syncBuiltinESMExports();

if (outFile) process.on("exit", () => writeFileSync(outFile, JSON.stringify(counts)));
