import { substitute } from "../placeholders.js";
import type { ClientFileOrigin, ItemEmitContext, OwnedFile } from "./emit-context.js";

/** A file a pack owns in the project (role "asset"; the installer replaces it on update). */
export function ownedFile(
  ctx: ItemEmitContext,
  path: string,
  content: string | Buffer,
  origin: Omit<ClientFileOrigin, "client">,
): OwnedFile {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  return {
    path,
    bytes,
    component: ctx.pack.client,
    role: "asset",
    rules: [],
    executable: false,
    client: { client: ctx.pack.client, ...origin },
  };
}

/** Markdown below a frontmatter block: without leading blank lines, ending in one newline, placeholders replaced. */
export function bodyText(ctx: ItemEmitContext, body: string): string {
  return markdownBody(body, ctx.pack.runtime_placeholders);
}

/** bodyText with the pack's placeholders given. */
export function markdownBody(body: string, placeholders: Record<string, string>): string {
  const trimmed = body.replace(/^(?:[ \t]*\n)+/, "").replace(/\s+$/, "");
  return `${substitute(trimmed, placeholders)}\n`;
}

/** Placeholders replaced in a copied file when it is UTF-8 text; other bytes are copied as they are. */
export function copiedBytes(ctx: ItemEmitContext, bytes: Buffer): Buffer {
  if (bytes.includes(0)) return bytes;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return bytes;
  }
  const replaced = substitute(text, ctx.pack.runtime_placeholders);
  return replaced === text ? bytes : Buffer.from(replaced, "utf8");
}
