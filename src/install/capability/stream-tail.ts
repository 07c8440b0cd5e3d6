/** The last `limit` bytes of a stream (the whole stream while it is shorter). */
export class StreamTail {
  private chunks: Buffer[] = [];
  private size = 0;
  /** whether bytes before the kept tail were dropped */
  cut = false;

  constructor(private readonly limit = 64 * 1024) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size > 2 * this.limit) this.trim();
  }

  text(): string {
    this.trim();
    return Buffer.concat(this.chunks).toString("utf8");
  }

  private trim(): void {
    if (this.size <= this.limit) return;
    const all = Buffer.concat(this.chunks);
    this.chunks = [Buffer.from(all.subarray(all.length - this.limit))];
    this.size = this.limit;
    this.cut = true;
  }
}
