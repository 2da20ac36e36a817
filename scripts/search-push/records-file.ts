// The build's DocSearch records file (`search/records.json`) read as a stream, in batches. A large
// site's file is larger than a string can be (about 4 GB of records at 100,000 pages, where V8
// stops at 512 MB), so it is never read whole: the build writes one record a line
// (outputs/json-list-writer.ts), and each line is parsed alone.

import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { SearchRecord } from '../../client/contract/search-protocol.ts';

export class RecordsFileError extends Error {}

/**
 * The records of `file`, `batchSize` at a time, in the file's order. Throws `RecordsFileError`
 * naming the line when the file is not the list the build writes.
 */
export async function* recordBatches(file: string, batchSize: number): AsyncGenerator<SearchRecord[]> {
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let batch: SearchRecord[] = [];
  let number = 0;
  let opened = false;
  let closed = false;
  for await (const line of lines) {
    number += 1;
    const text = line.trim();
    if (text === '') continue;
    if (closed) throw new RecordsFileError(`${file}:${number}: text after the end of the list`);
    if (!opened) {
      if (text === '[]') {
        opened = closed = true;
        continue;
      }
      if (text !== '[') throw new RecordsFileError(`${file}:${number}: the file does not start a JSON list`);
      opened = true;
      continue;
    }
    if (text === ']') {
      closed = true;
      continue;
    }
    batch.push(parseRecord(text.endsWith(',') ? text.slice(0, -1) : text, file, number));
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (!opened) throw new RecordsFileError(`${file}: the file is empty`);
  if (!closed)
    throw new RecordsFileError(`${file}:${number}: the list is cut off (the build did not finish writing it)`);
  if (batch.length > 0) yield batch;
}

function parseRecord(text: string, file: string, line: number): SearchRecord {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    throw new RecordsFileError(`${file}:${line}: not a JSON record`);
  }
  if (typeof record !== 'object' || record === null || typeof (record as SearchRecord).objectID !== 'string')
    throw new RecordsFileError(`${file}:${line}: a record without an objectID`);
  return record as SearchRecord;
}
