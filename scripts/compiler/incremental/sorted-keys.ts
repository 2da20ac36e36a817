// A large sorted list of keys that changes a few keys at a time and is written whole as JSON
// each time (a build's `keys.json`): held in runs of neighbouring keys, each with its JSON kept,
// so a change stringifies again only the runs it touched.

/** Keys a run holds, about: large enough for few runs, small enough to stringify quickly. */
const runKeys = 1024;

/** Where `key` is, or would go, in the sorted `list`. */
export function placeIn(list: readonly string[], key: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Puts `key` in its place in the sorted `list` (a key already there is put again). */
export function insertSorted(list: string[], key: string): void {
  list.splice(placeIn(list, key), 0, key);
}

/** Takes `key` out of the sorted `list`; whether it was there. */
export function removeSorted(list: string[], key: string): boolean {
  const at = placeIn(list, key);
  if (list[at] !== key) return false;
  list.splice(at, 1);
  return true;
}

interface Run {
  keys: string[];
  /** The keys' JSON without its brackets, once asked for. */
  json?: string;
}

const inner = (keys: string[]) => JSON.stringify(keys).slice(1, -1);

export class SortedKeys {
  private runs: Run[] = [];
  /** How many keys the runs hold. */
  length: number;

  constructor(keys: readonly string[]) {
    for (let start = 0; start < keys.length; start += runKeys)
      this.runs.push({ keys: keys.slice(start, start + runKeys) });
    if (this.runs.length === 0) this.runs.push({ keys: [] });
    this.length = keys.length;
  }

  all(): string[] {
    return this.runs.flatMap((run) => run.keys);
  }

  insert(key: string): void {
    const at = this.runOf(key);
    const run = this.runs[at]!;
    insertSorted(run.keys, key);
    run.json = undefined;
    this.length++;
    if (run.keys.length > 2 * runKeys)
      this.runs.splice(at, 1, { keys: run.keys.slice(0, runKeys) }, { keys: run.keys.slice(runKeys) });
  }

  remove(key: string): void {
    const at = this.runOf(key);
    const run = this.runs[at]!;
    if (!removeSorted(run.keys, key)) return;
    run.json = undefined;
    this.length--;
    if (run.keys.length === 0 && this.runs.length > 1) this.runs.splice(at, 1);
  }

  /** The JSON of the keys and of `block`, sorted keys that all sort between the same two of them. */
  json(block: string[] = []): string {
    const pieces: string[] = [];
    const split = block.length > 0 ? this.runOf(block[0]!) : -1;
    this.runs.forEach((run, index) => {
      if (index === split) {
        const at = placeIn(run.keys, block[0]!);
        pieces.push(inner(run.keys.slice(0, at)), inner(block), inner(run.keys.slice(at)));
      } else pieces.push((run.json ??= inner(run.keys)));
    });
    return `[${pieces.filter((piece) => piece !== '').join(',')}]`;
  }

  /** The run where `key` is or would go: the last whose first key is not after it. */
  private runOf(key: string): number {
    let low = 0;
    let high = this.runs.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      const first = this.runs[middle]!.keys[0];
      if (first !== undefined && first <= key) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}
