import { readFileSync } from "node:fs";
import { join } from "node:path";
import { folderSignatureName } from "../packaging/signature/bundle-signature.js";
import { packageRoot } from "../shared/package-paths.js";
import { treeAddress } from "./build-index.js";
import type { ServedVersion } from "./served-version.js";

/** The POSIX installer shipped in the package (docs/install-sh.md). */
export const installScriptPath = join(packageRoot, "assets", "install.sh");

const begin = "# agentc-serve-config-begin";
const end = "# agentc-serve-config-end";
/** Characters a served value may hold: it is written into a shell script between single quotes. */
const plain = /^[A-Za-z0-9:/._~%+@[\]-]*$/;
/** A public key as a .pub line writes it, "<type> <base64>": safe between single quotes too. */
const publicKey = /^([a-z0-9@.-]+ [A-Za-z0-9+/]+=*)?$/;

/** Words of plain characters, one space between. */
const words = /^([A-Za-z0-9/._~%+@[\]-]+(:[A-Za-z0-9/._~%+@[\]-]+)*( |$))*$/;

/**
 * "<component>:<path>:<sha256 of the text>:<sha256 of the record element>" for each composed settings file
 * served under compose/ (a component or path that cannot be written so is left out: install.sh then refuses
 * it and names agentc install).
 */
function composedList(version: ServedVersion): string {
  const fits = (s: string) => /^[A-Za-z0-9/._~%+@[\]-]+$/.test(s);
  return version.composed
    .filter((c) => fits(c.component) && fits(c.path))
    .map((c) => `${c.component}:${c.path}:${c.textSha256}:${c.recordSha256}`)
    .join(" ");
}

/** Whether an address can be written into install.sh as it is. */
export function fitsInstallScript(value: string): boolean {
  return plain.test(value);
}

let template: string | undefined;

/** install.sh for one version: the shipped script with the server's address and the version's digests. */
export function installScriptFor(version: ServedVersion, baseUrl: string): string {
  template ??= readFileSync(installScriptPath, "utf8");
  const values: Record<string, string> = {
    AGENTC_BASE: baseUrl,
    AGENTC_TREE: treeAddress(version.version),
    AGENTC_VERSION: version.version,
    AGENTC_MANIFEST_SHA256: version.manifestSha256,
    AGENTC_BUNDLE_SHA256: version.bundle.sha256,
    AGENTC_SIGNATURE: version.signature ? `${treeAddress(version.version)}${folderSignatureName}` : "",
    AGENTC_SIGNER: version.signature?.signer ?? "",
    AGENTC_COMPOSE: composedList(version),
  };
  const lines = Object.entries(values).map(([name, value]) => {
    if (!(name === "AGENTC_SIGNER" ? publicKey : name === "AGENTC_COMPOSE" ? words : plain).test(value))
      throw new Error(`${name} "${value}" cannot be written into install.sh`);
    return `${name}='${value}'`;
  });
  const from = template.indexOf(begin);
  const to = template.indexOf(end);
  return `${template.slice(0, from)}${begin} (written by agentc serve)\n${lines.join("\n")}\n${template.slice(to)}`;
}
