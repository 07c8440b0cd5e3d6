import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packageRoot } from "../src/shared/package-paths.js";
import { installedPackages, installTarball, npmPack } from "../test/support/packed-package.js";

/**
 * The installed footprint (docs/benchmark.md): the package packed from this (built) checkout, installed
 * with `npm install <tgz>` into an empty folder; prints the tarball's size, the packages npm installed and
 * `du` of node_modules.
 */
const scratch = mkdtempSync(join(tmpdir(), "agentc-footprint-"));
const tarball = npmPack(packageRoot, scratch, { ignoreScripts: true });
const user = installTarball(tarball, mkdtempSync(join(scratch, "user-")));
const du = spawnSync("du", ["-sk", join(user, "node_modules")], { encoding: "utf8" }).stdout;
const kib = Number(du.split(/\s+/)[0]);
const packages = installedPackages(user);
console.log("install footprint (npm install <tgz> into an empty folder)");
console.log(`  tarball          ${(statSync(tarball).size / 1024).toFixed(0)} KiB`);
console.log(`  packages         ${packages.length} (agentc and ${packages.length - 1} dependencies)`);
console.log(`  node_modules     ${kib} KiB (du -sk)`);
rmSync(scratch, { recursive: true, force: true });
