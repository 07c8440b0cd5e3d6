/**
 * Slug of a rule heading: NFKD-normalise, spell out letters that do not decompose (ß → ss, æ → ae, …),
 * drop combining marks, lower-case, turn every run of characters outside [a-z0-9] into one "-",
 * trim "-" at both ends, and cut to 64 characters (again without a trailing "-").
 */
const spelledOut: Record<string, string> = {
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  Æ: "ae",
  ø: "o",
  Ø: "o",
  œ: "oe",
  Œ: "oe",
  ł: "l",
  Ł: "l",
  đ: "d",
  Đ: "d",
  þ: "th",
  Þ: "th",
};

const notDecomposing = new RegExp(`[${Object.keys(spelledOut).join("")}]`, "g");

export const maxSlugLength = 64;

export function slugify(heading: string): string {
  // ASCII has nothing to decompose, spell out or strip (every such character lies beyond it): most
  // headings skip the normalising and the Unicode mark class, whose compiling costs more than the rest.
  const ascii = beyondAscii.test(heading) ? withoutMarks(heading) : heading.toLowerCase();
  const dashed = ascii.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return dashed.slice(0, maxSlugLength).replace(/-+$/, "");
}

const beyondAscii = /[\u0080-\uffff]/;

/** The heading decomposed, letters without a decomposition spelled out, marks removed, in lower case. */
function withoutMarks(heading: string): string {
  const spelled = heading.normalize("NFKD").replace(notDecomposing, (c) => spelledOut[c] ?? c);
  return spelled.replace(/\p{M}/gu, "").toLowerCase();
}

const reservedDeviceName = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;

export function isReservedDeviceName(slug: string): boolean {
  return reservedDeviceName.test(slug);
}
