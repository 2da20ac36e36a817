// Reads in flight that several asks of one key share (a sidebar a page's route reads beside the
// page, a search piece two words need). workerd cancels a request's I/O when the request ends (its
// answer sent before a read beside it was needed, its reader gone, its own deadline passed), and a
// promise of that I/O then never settles, for that request or any other that awaits it. So a read
// another ask started is joined under the joiner's own deadline; past it the joiner drops the stale
// entry and reads for itself, and no request waits on a read nobody is doing any more.

import { kvReadDeadlineMs, withDeadline } from './deadline.ts';

class JoinedTooLong extends Error {}

export class SharedReads<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  /** @param joinMs How long a joiner waits on another's read before reading for itself. */
  constructor(private readonly joinMs = kvReadDeadlineMs) {}

  /** The value of `key`: the read in flight if one answers within the join deadline, else `start()`. */
  read(key: string, start: () => Promise<T>): Promise<T> {
    const pending = this.inFlight.get(key);
    if (!pending) return this.begin(key, start);
    return withDeadline(pending, this.joinMs, () => new JoinedTooLong()).catch((error: unknown) => {
      if (!(error instanceof JoinedTooLong)) throw error;
      if (this.inFlight.get(key) === pending) this.inFlight.delete(key);
      return this.read(key, start);
    });
  }

  /** For tests: forget every read in flight. */
  clear(): void {
    this.inFlight.clear();
  }

  private begin(key: string, start: () => Promise<T>): Promise<T> {
    const reading = start();
    this.inFlight.set(key, reading);
    const settled = () => {
      if (this.inFlight.get(key) === reading) this.inFlight.delete(key);
    };
    reading.then(settled, settled);
    return reading;
  }
}
