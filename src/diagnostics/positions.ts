import type { Position } from "./diagnostic.js";

/** Maps character offsets of one text to 1-based line and column. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(
    readonly file: string,
    text: string,
    private readonly lineOffset = 0,
  ) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }

  position(offset: number): Position {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { file: this.file, line: low + 1 + this.lineOffset, column: offset - (this.starts[low] ?? 0) + 1 };
  }
}
