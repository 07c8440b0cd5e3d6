/** A field of SSH's wire encoding (RFC 4251 §5) that is missing or does not fit: the blob is damaged. */
export class SshWireError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SshWireError";
  }
}

/**
 * Reads SSH's wire encoding (RFC 4251 §5) from a blob: uint32, string (a length, then that many bytes)
 * and mpint. Every read is checked against what is left, so a damaged blob is an SshWireError, never an
 * out-of-bounds read.
 */
export class SshReader {
  private at = 0;

  constructor(
    private readonly bytes: Buffer,
    /** what the blob is, for messages: "the signature", "the public key" */
    private readonly what: string,
  ) {}

  uint32(field: string): number {
    if (this.bytes.length - this.at < 4) throw this.short(field);
    const value = this.bytes.readUInt32BE(this.at);
    this.at += 4;
    return value;
  }

  string(field: string): Buffer {
    const length = this.uint32(field);
    if (this.bytes.length - this.at < length) throw this.short(field);
    const value = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return value;
  }

  /** A string field read as text (SSH names such as "ssh-ed25519" are ASCII). */
  text(field: string): string {
    return this.string(field).toString("latin1");
  }

  /** An mpint as an unsigned big-endian number without leading zero bytes; a negative one is refused. */
  unsigned(field: string): Buffer {
    const value = this.string(field);
    if (value.length > 0 && ((value[0] ?? 0) & 0x80) !== 0)
      throw new SshWireError(`${this.what} has a negative ${field}`);
    let start = 0;
    while (start < value.length && value[start] === 0) start++;
    return value.subarray(start);
  }

  /** Fixed bytes at the start, such as the "SSHSIG" preamble. */
  expect(prefix: Buffer, field: string): void {
    if (!this.bytes.subarray(this.at, this.at + prefix.length).equals(prefix))
      throw new SshWireError(`${this.what} does not start with ${field}`);
    this.at += prefix.length;
  }

  /** Refuses bytes after the last field: a well-formed blob ends where its fields end. */
  end(): void {
    if (this.at !== this.bytes.length)
      throw new SshWireError(`${this.what} has ${this.bytes.length - this.at} bytes after its last field`);
  }

  private short(field: string): SshWireError {
    return new SshWireError(`${this.what} ends inside its ${field} (truncated or damaged)`);
  }
}

/** The wire encoding of a string field: its length as uint32, then its bytes. */
export function sshString(value: Buffer | string): Buffer {
  const bytes = typeof value === "string" ? Buffer.from(value, "latin1") : value;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}
