import type { LinkForm } from "../../emit/session/installed-tree.js";
import type { LoadedText } from "../../session-load/instruction-texts.js";

/** "AGENTS.md", "CLAUDE.md (a link to AGENTS.md)", "AGENTS.md (imported by GEMINI.md)". */
export function describeText(text: LoadedText): string {
  if (text.via === "link") return `${text.path} (a link to ${text.source})`;
  if (text.via === "import") return `${text.path} (imported by ${text.from ?? "?"})`;
  return text.path;
}

/** Said when a finding holds only for the files the installer writes where the system refuses links. */
export function whereLinksAreRefused(form: LinkForm): string {
  return form === "fallback"
    ? " where the system refuses links (the installer writes a copy or an import instead)"
    : "";
}
