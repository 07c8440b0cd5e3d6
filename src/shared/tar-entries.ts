import { type ParsedTarFileItem, parseTar } from "nanotar";

/**
 * The entries of a tar held in `bytes`. nanotar reads the whole ArrayBuffer behind a view, not the view:
 * a Buffer from gunzipSync sits in a larger allocation, and a tar that fills its last record (no zero
 * blocks at its end) had the bytes after it read as more entries (garbage names). It is given a copy that
 * holds exactly the tar.
 */
export function tarEntries(bytes: Uint8Array): ParsedTarFileItem[] {
  const exact = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  // new Uint8Array copies (a Buffer's slice() would be another view of the same allocation).
  return parseTar(exact ? bytes : new Uint8Array(bytes));
}
