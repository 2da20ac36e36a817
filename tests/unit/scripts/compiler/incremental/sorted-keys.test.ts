// The sorted keys a kept build writes as `keys.json` (SortedKeys) must read as JSON.stringify of
// the whole sorted list, whatever keys came and went and wherever the parts' keys fall.

import { describe, expect, it } from 'vitest';
import { SortedKeys } from '../../../../../scripts/compiler/incremental/sorted-keys.ts';

const key = (prefix: string, i: number) => `${prefix}:${String(i).padStart(6, '0')}`;

describe('a sorted list of keys written as JSON', () => {
  it('reads as the whole sorted list after keys come and go, runs fill past their size and empty', () => {
    const plain = Array.from({ length: 3000 }, (_, i) => key('page', i * 2)).sort();
    const list = new SortedKeys(plain);
    expect(list.json()).toBe(JSON.stringify(plain));

    // Many keys into one place (its run splits), every key of another place out (its runs go).
    const added = Array.from({ length: 2500 }, (_, i) => key('page', 4001 + 2 * (i % 400)) + `-${i}`);
    const removed = plain.filter((_, i) => i >= 2000 && i < 2600);
    for (const one of added) list.insert(one);
    for (const one of removed) list.remove(one);
    list.remove('page:absent');
    const now = [...plain.filter((one) => !removed.includes(one)), ...added].sort();
    expect(list.all()).toEqual(now);
    expect(list.length).toBe(now.length);
    expect(list.json()).toBe(JSON.stringify(now));

    // A block of keys that sort together, as the parts' do among a build's keys.
    const block = [key('keys', 1), key('keys', 2)];
    expect(list.json(block)).toBe(JSON.stringify([...now, ...block].sort()));
    list.insert(key('aaa', 1));
    expect(list.json(block)).toBe(JSON.stringify([...now, key('aaa', 1), ...block].sort()));
  });

  it('writes an empty list, and a block before every key', () => {
    expect(new SortedKeys([]).json()).toBe('[]');
    expect(new SortedKeys([]).json(['keys:a'])).toBe('["keys:a"]');
    expect(new SortedKeys(['page:a']).json(['keys:a'])).toBe('["keys:a","page:a"]');
  });
});
