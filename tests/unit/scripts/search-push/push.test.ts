// `npm run search:push` against a loopback stand-in for Algolia's indexing API: the build's records
// file streamed in batches into a temporary index that replaces the live one only once it is full,
// with DocSearch's settings; a failure or a broken file leaves the live index as it was.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { offlineEnv, runCollecting } from '../../../../scripts/cli/run.ts';
import { JsonListWriter } from '../../../../scripts/compiler/outputs/json-list-writer.ts';
import { docSearchSettings } from '../../../../scripts/search-push/settings.ts';

interface StandInIndex {
  records: Map<string, unknown>;
  settings: Record<string, unknown>;
}

/** Algolia's indexing endpoints as search:push uses them, over indexes held in memory. */
class AlgoliaStandIn {
  readonly indexes = new Map<string, StandInIndex>();
  /** Batch requests received, by index. */
  readonly batches: { index: string; records: number }[] = [];
  /** Answers 500 to the batch request with this number (1 = the first). */
  failBatch?: number;
  private server?: Server;
  private taskID = 0;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.answer(request).then(
        ([status, body]) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(body));
        },
        () => response.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private index(name: string): StandInIndex {
    let index = this.indexes.get(name);
    if (!index) this.indexes.set(name, (index = { records: new Map(), settings: {} }));
    return index;
  }

  private async answer(request: IncomingMessage): Promise<[number, unknown]> {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const path = decodeURIComponent(new URL(request.url!, 'http://x').pathname);
    const task = { taskID: ++this.taskID, updatedAt: new Date().toISOString() };
    if (/^\/1\/indexes\/[^/]+\/task\/\d+$/.test(path)) return [200, { status: 'published' }];
    let match: RegExpExecArray | null;
    if ((match = /^\/1\/indexes\/([^/]+)\/batch$/.exec(path))) {
      const requests = body.requests as { action: string; body: { objectID: string } }[];
      this.batches.push({ index: match[1]!, records: requests.length });
      if (this.batches.length === this.failBatch) return [500, { message: 'stand-in failure', status: 500 }];
      const index = this.index(match[1]!);
      for (const { body: record } of requests) index.records.set(record.objectID, record);
      return [200, { ...task, objectIDs: requests.map((r) => r.body.objectID) }];
    }
    if ((match = /^\/1\/indexes\/([^/]+)\/operation$/.exec(path))) {
      const source = this.indexes.get(match[1]!);
      const destination = String(body.destination);
      if (body.operation === 'copy') {
        // Scoped to settings (with rules and synonyms, which the stand-in does not keep).
        this.index(destination).settings = { ...(source?.settings ?? {}) };
      } else if (body.operation === 'move') {
        this.indexes.set(destination, source ?? { records: new Map(), settings: {} });
        this.indexes.delete(match[1]!);
      }
      return [200, task];
    }
    if ((match = /^\/1\/indexes\/([^/]+)\/settings$/.exec(path))) {
      Object.assign(this.index(match[1]!).settings, body);
      return [200, task];
    }
    if ((match = /^\/1\/indexes\/([^/]+)$/.exec(path)) && request.method === 'DELETE') {
      this.indexes.delete(match[1]!);
      return [200, { taskID: task.taskID, deletedAt: task.updatedAt }];
    }
    return [404, { message: `the stand-in has no ${request.method} ${path}`, status: 404 }];
  }
}

let algolia: AlgoliaStandIn;
let origin: string;
let out: string;

beforeEach(async () => {
  algolia = new AlgoliaStandIn();
  origin = await algolia.start();
  out = await mkdtemp(join(tmpdir(), 'self-docs-search-push-'));
  await mkdir(join(out, 'search'));
  // The live index: records of an earlier build, and a setting of the operator's own.
  algolia.indexes.set('docs', {
    records: new Map([['old', { objectID: 'old' }]]),
    settings: { customNote: 'kept' },
  });
});

afterEach(async () => {
  await algolia.stop();
  await rm(out, { recursive: true, force: true });
});

/** Writes `count` records as the build does. */
async function writeRecords(count: number): Promise<void> {
  const writer = new JsonListWriter(join(out, 'search', 'records.json'));
  for (let i = 0; i < count; i++)
    await writer.add([{ objectID: `r${i}`, url: `https://docs.example/p${i}`, content: `line one\nof ${i}` }]);
  await writer.close();
}

function push(...args: string[]) {
  return runCollecting('node_modules/.bin/tsx', ['scripts/search-push.ts', '--out', out, ...args], {
    ...offlineEnv,
    ALGOLIA_APP_ID: 'TESTAPP',
    ALGOLIA_ADMIN_API_KEY: 'admin-key',
    ALGOLIA_INDEX_NAME: 'docs',
    ALGOLIA_HOSTS: origin,
  });
}

describe('npm run search:push', { timeout: 60_000 }, () => {
  it('replaces the live index with every record of the build, sent in batches, with the DocSearch settings', async () => {
    await writeRecords(2500);
    const result = await push();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('pushed 2500 records');
    // Batches of 1,000 into a temporary index, never into the live one.
    expect(algolia.batches.map((batch) => batch.records)).toEqual([1000, 1000, 500]);
    expect(algolia.batches.every((batch) => batch.index.startsWith('docs_tmp_'))).toBe(true);
    expect([...algolia.indexes.keys()]).toEqual(['docs']);
    const live = algolia.indexes.get('docs')!;
    expect(live.records.size).toBe(2500);
    expect(live.records.has('old')).toBe(false);
    expect(live.records.get('r7')).toMatchObject({ content: 'line one\nof 7' });
    expect(live.settings).toMatchObject({ customNote: 'kept', ...docSearchSettings });
  });

  it('leaves the live index as it was when a batch fails, and removes the temporary one', async () => {
    await writeRecords(2500);
    algolia.failBatch = 2;
    const result = await push();
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/search:push failed/);
    expect(result.stderr).toMatch(/"docs" is as it was/);
    expect([...algolia.indexes.keys()]).toEqual(['docs']);
    expect([...algolia.indexes.get('docs')!.records.keys()]).toEqual(['old']);
  });

  it('refuses a records file the build did not finish, naming it, and changes nothing', async () => {
    await writeFile(join(out, 'search', 'records.json'), '[\n{"objectID":"a"},\n{"objectID":"b"},\n');
    const result = await push();
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/records\.json:3: the list is cut off/);
    expect(result.stderr).toMatch(/npm run build/);
    expect([...algolia.indexes.keys()]).toEqual(['docs']);
    expect([...algolia.indexes.get('docs')!.records.keys()]).toEqual(['old']);
  });

  it('--dry-run counts the records and shows the first, without Algolia', async () => {
    await writeRecords(1200);
    const result = await push('--dry-run');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/with 1200 records from/);
    expect(result.stdout).toMatch(/"objectID": "r0"/);
    expect(algolia.batches).toEqual([]);
  });
});
