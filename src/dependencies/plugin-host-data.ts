import { packageDataFiles, readPackageData } from "../documents/package-data.js";
import { builtinPluginHostsDir } from "../shared/package-paths.js";

/**
 * The built-in plugin hosts' data (plugin-hosts/*.json) as the dependency stage reads it: only the parts it
 * names in `Host`. The registry stage checks the files against their schema (registry/builtin-plugin-hosts.ts).
 */
export function pluginHostData<Host>(): Host[] {
  return packageDataFiles(builtinPluginHostsDir, "plugin-hosts").map(
    (file) => readPackageData(file).value as Host,
  );
}

/** The host whose format a dependency's `provides` names (its `dependency`), if one is. */
export function hostOfDependency<Host extends { dependency?: string }>(provides: string): Host | undefined {
  return pluginHostData<Host>().find((host) => host.dependency === provides);
}
