// A JSON list written to a file as its items come (the DocSearch records `search:push` uploads).

import { open, type FileHandle } from 'node:fs/promises';

/** Text gathered before each write: a write per record would be a system call for each of a page's records. */
const writeChunkLength = 1 << 20;

export class JsonListWriter {
  private first = true;
  private buffered: string[] = [];
  private bufferedLength = 0;
  private readonly handle: Promise<FileHandle>;

  constructor(path: string) {
    this.handle = open(path, 'w');
  }

  async add(items: unknown[]): Promise<void> {
    await this.addJson(items.map((item) => JSON.stringify(item)));
  }

  /** Items already as JSON (made in a compile thread). */
  async addJson(items: string[]): Promise<void> {
    for (const item of items) {
      const text = `${this.first ? '[\n' : ',\n'}${item}`;
      this.buffered.push(text);
      this.bufferedLength += text.length;
      this.first = false;
    }
    if (this.bufferedLength >= writeChunkLength) await this.flush();
  }

  async close(): Promise<void> {
    this.buffered.push(this.first ? '[]\n' : '\n]\n');
    await this.flush();
    await (await this.handle).close();
  }

  private async flush(): Promise<void> {
    const text = this.buffered.join('');
    this.buffered = [];
    this.bufferedLength = 0;
    await (await this.handle).write(text);
  }
}
