const placeholderForm = /<[A-Z][A-Z0-9_]*>/g;

/** The placeholders ("<SKILLS_DIR>") a text uses, in order of appearance. */
export function placeholdersIn(text: string): string[] {
  return text.match(placeholderForm) ?? [];
}

/** Replaces every defined placeholder; undefined ones stay as written (packs are checked for them in paths). */
export function substitute(text: string, placeholders: Record<string, string>): string {
  return text.replace(placeholderForm, (name) => placeholders[name] ?? name);
}

/** A pack path with its placeholders replaced and without a trailing slash. */
export function packPath(path: string, placeholders: Record<string, string>): string {
  return substitute(path, placeholders).replace(/\/+$/, "");
}
