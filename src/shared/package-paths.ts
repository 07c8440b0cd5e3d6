import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("agentc: package.json not found above the installed code");
    dir = parent;
  }
  return dir;
}

export const packageRoot = findPackageRoot();
export const schemasDir = join(packageRoot, "schemas");
export const builtinAdaptersDir = join(packageRoot, "adapters");
export const builtinClientsDir = join(packageRoot, "clients");
export const builtinAssistantsDir = join(packageRoot, "assistants");
export const builtinPluginHostsDir = join(packageRoot, "plugin-hosts");
export const checkDocsDir = join(packageRoot, "docs", "checks");
