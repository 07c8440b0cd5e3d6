import { stringify } from "yaml";
import { templateSchemas } from "../../shared/schema-paths.js";

/** One file of the registry import writes: its bytes, and whether it keeps an executable bit. */
export interface RegistryFile {
  bytes: Buffer;
  executable: boolean;
}

/** The `$schema` value of a registry file import writes (made to resolve from its place when written). */
export const schema = (name: string) => `${templateSchemas}${name}.schema.json`;

/** A core Markdown file: YAML frontmatter (undefined values left out) and the body ending in one newline. */
export function markdown(matter: Record<string, unknown>, body: string): string {
  const defined = Object.fromEntries(Object.entries(matter).filter(([, v]) => v !== undefined));
  const text = body.replace(/^(?:[ \t]*\n)+/, "").replace(/\s+$/, "");
  return `---\n${stringify(defined, { lineWidth: 0 })}---\n${text}\n`;
}

export function json(value: object): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
