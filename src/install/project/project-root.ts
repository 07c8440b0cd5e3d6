import { realpathSync, statSync } from "node:fs";

/** The project folder as its real path, or undefined when it does not exist or is not a folder. */
export function projectRoot(dir: string): string | undefined {
  try {
    return statSync(dir).isDirectory() ? realpathSync(dir) : undefined;
  } catch {
    return undefined;
  }
}

/** The one message for a project folder that is not there. */
export function missingProject(dir: string): string {
  return `${dir}: the project folder does not exist`;
}
