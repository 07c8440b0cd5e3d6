import { packageVersion } from "../shared/package-version.js";

/** The project's home, as SARIF reports and the registry page name it. */
export const projectUrl = "https://github.com/agentc/agentc";

/**
 * Where the docs of the checks of this agentc version are read online: docs/checks/ of the repository at
 * the release tag `v<version>`, so a page built today keeps pointing at the text of the checks that ran.
 */
export function checkDocsBase(version: string = packageVersion()): string {
  return `${projectUrl}/blob/v${version}/docs/checks/`;
}

/** The page of one check (docs/checks/<id>.md) for this version: SARIF helpUri, JSON reports. */
export function checkDocsUrl(id: string, version?: string): string {
  return `${checkDocsBase(version)}${id}.md`;
}
