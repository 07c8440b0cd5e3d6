import { type ParsedTarFileItem, parseTar } from "nanotar";

/**
 * The entries of a tar held in `bytes`. nanotar reads the whole ArrayBuffer behind a view, not the view:
 * a Buffer from gunzipSync sits in a larger allocation, and the bytes after the tar were read as more
 * entries (garbage names, now and then). It is given a copy that holds exactly the tar.
 */
export function tarEntries(bytes: Uint8Array): ParsedTarFileItem[] {
  const exact = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return parseTar(exact ? bytes : bytes.slice());
}
