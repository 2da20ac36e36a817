// A growing byte buffer written with unsigned varints (7 bits a byte, the high bit set while more
// follow): the postings' blocks, both as a compile thread makes a page's (prepare-page.ts) and as
// the build thread collects a term's (term-postings.ts).

export class VarintBytes {
  protected bytes: Uint8Array;
  protected length = 0;

  constructor(initialBytes: number) {
    this.bytes = new Uint8Array(initialBytes);
  }

  /** Bytes written. */
  get byteLength(): number {
    return this.length;
  }

  protected varint(value: number): void {
    let rest = value;
    while (rest >= 128) {
      this.bytes[this.length++] = (rest % 128) | 128;
      rest = Math.floor(rest / 128);
    }
    this.bytes[this.length++] = rest;
  }

  protected ensure(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
}
