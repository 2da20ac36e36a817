// Replaces every record of an Algolia index with the build's, streamed from its records file:
// algoliasearch's `replaceAllObjects` steps (copy the index's settings, rules and synonyms to a
// temporary index, fill it, move it over the index) but with the records read a batch at a time,
// since a large site's records do not fit in memory. Readers keep the old index until the move,
// which also brings the DocSearch settings, set on the temporary index before it goes live.

import type { SearchClient } from 'algoliasearch';
import type { SearchRecord } from '../../client/contract/search-protocol.ts';

export interface ReplaceOptions {
  indexName: string;
  /** The records, a batch at a time (records-file.ts). */
  batches: AsyncIterable<SearchRecord[]>;
  settings: Record<string, unknown>;
  /** Told after each batch sent, with the records sent so far. */
  onProgress?: (sent: number) => void;
}

/** Records a `batch` request carries at most (Algolia's guidance: about 1,000, well under 10 MB). */
export const recordsPerBatch = 1000;

/** Returns how many records the index now holds. */
export async function replaceIndexRecords(client: SearchClient, options: ReplaceOptions): Promise<number> {
  const { indexName } = options;
  const temporary = `${indexName}_tmp_${Date.now().toString(36)}`;
  const wait = async (taskID: number) => {
    await client.waitForTask({ indexName: temporary, taskID });
  };
  let sent = 0;
  try {
    const copy = await client.operationIndex({
      indexName,
      operationIndexParams: { operation: 'copy', destination: temporary, scope: ['settings', 'rules', 'synonyms'] },
    });
    const tasks: number[] = [];
    for await (const batch of options.batches) {
      const [response] = await client.chunkedBatch({
        indexName: temporary,
        objects: batch as unknown as Record<string, unknown>[],
        waitForTasks: false,
        batchSize: batch.length,
      });
      if (response) tasks.push(response.taskID);
      sent += batch.length;
      options.onProgress?.(sent);
    }
    await wait(copy.taskID);
    for (const taskID of tasks) await wait(taskID);
    const settings = await client.setSettings({ indexName: temporary, indexSettings: options.settings as never });
    await wait(settings.taskID);
    const move = await client.operationIndex({
      indexName: temporary,
      operationIndexParams: { operation: 'move', destination: indexName },
    });
    await wait(move.taskID);
    return sent;
  } catch (error) {
    // What was half sent goes; unless the move itself failed, the live index is as it was.
    await client.deleteIndex({ indexName: temporary }).catch(() => undefined);
    throw error;
  }
}
