/** A request target turned into a route key, or the status to answer instead. */
export type RouteKey = { key: string } | { status: 400 | 404 | 414; message: string };

const maxTargetLength = 4096;

/**
 * The route key of a request target: its path without the leading '/', each segment percent-decoded.
 * A target that could mean anything else (an encoded '/', a backslash, NUL, a '.' or '..' segment, a
 * malformed escape, not starting with '/') is refused: the server looks nothing up by name on disk, and
 * keys are compared exactly.
 */
export function routeKey(target: string | undefined): RouteKey {
  if (target === undefined || !target.startsWith("/")) return bad("the request target must start with /");
  if (target.length > maxTargetLength) return { status: 414, message: "the request target is too long" };
  const path = target.replace(/[?#].*$/s, "").slice(1);
  const segments: string[] = [];
  for (const raw of path.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return bad("the request path holds a malformed %-escape");
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    if (/[/\\\u0000-\u001f\u007f]/.test(segment))
      return bad("the request path holds an encoded / or \\, or a control character");
    if (segment === "." || segment === "..") return { status: 404, message: "not found" };
    segments.push(segment);
  }
  return { key: segments.join("/") };
}

function bad(message: string): RouteKey {
  return { status: 400, message };
}
