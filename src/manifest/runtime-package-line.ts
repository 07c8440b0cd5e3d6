import { splitLine } from "../shared/line-codec.js";

/** A runtime package requirement as the manifest carries it (capability.runtime_packages). */
export interface RuntimePackage {
  runtime: string;
  package: string;
  /** Documentation URL shown at the consent prompt; "" when the package names none. */
  install: string;
  /** Source registered before installing (a marketplace); "" when none. */
  marketplace: string;
  why: string;
}

/** "<runtime> :: <package> :: <install url> :: <marketplace> :: <why>", or undefined when malformed. */
export function runtimePackageLine(line: string): RuntimePackage | undefined {
  const parts = splitLine(line, 5);
  if (!parts) return undefined;
  const [runtime = "", pkg = "", install = "", marketplace = "", why = ""] = parts;
  if (!/^[a-z][a-z0-9-]*$/.test(runtime) || !/^[^\s-]\S*$/.test(pkg)) return undefined;
  if (marketplace !== "" && !/^[^\s-]\S*$/.test(marketplace)) return undefined;
  return { runtime, package: pkg, install, marketplace, why };
}
