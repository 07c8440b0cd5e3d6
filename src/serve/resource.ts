import { sha256 } from "../shared/hash.js";
import { contentTypeOf } from "./content-type.js";
import type { SnapshotFile } from "./served-version.js";

/** One thing the server answers with: known in full (type, length, strong ETag) before any request. */
export interface Resource {
  type: string;
  /** sha256 hex of the body, sent as the strong ETag */
  etag: string;
  bytes: number;
  /** content-addressed: cached for a year, never revalidated */
  immutable: boolean;
  body: { data: Buffer } | { file: string };
}

export function memoryResource(path: string, data: Buffer | string, immutable = false): Resource {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  return {
    type: contentTypeOf(path),
    etag: sha256(bytes),
    bytes: bytes.length,
    immutable,
    body: { data: bytes },
  };
}

export function fileResource(path: string, file: SnapshotFile, immutable = false): Resource {
  return {
    type: contentTypeOf(path),
    etag: file.sha256,
    bytes: file.bytes,
    immutable,
    body: { file: file.file },
  };
}
