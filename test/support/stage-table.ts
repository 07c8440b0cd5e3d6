import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../src/shared/package-paths.js";

/** One row of the table in docs/architecture.md: a folder of src/ and the folders it may import. */
export interface StageRow {
  stage: string;
  folder: string;
  mayImport: string[];
}

export const architectureDoc = join(packageRoot, "docs", "architecture.md");
const stagesHeading = "## Stages, folders and what each may import";
export const installHeading = "## Inside `install/`: folders and what each may import";

/** The rows in order, read from the one place that states them. */
export function readStageTable(
  text = readFileSync(architectureDoc, "utf8"),
  heading = stagesHeading,
): StageRow[] {
  const section = text.slice(text.indexOf(heading));
  if (!section.startsWith(heading)) throw new Error(`${architectureDoc} has no section "${heading}"`);
  const rows: StageRow[] = [];
  for (const line of section.split("\n").slice(1)) {
    if (line.startsWith("## ")) break;
    const cells = line.split("|").map((c) => c.trim());
    const folder = /^`([^`]+)`$/.exec(cells[2] ?? "")?.[1];
    if (!line.startsWith("|") || !folder) continue;
    const imports = cells[4] ?? "";
    const mayImport = imports === "—" ? [] : imports.split(",").map((name) => name.trim());
    rows.push({ stage: cells[1] ?? "", folder, mayImport });
  }
  return rows;
}
