// When each page last changed, read from git history in one call.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastModifiedDates, parseGitLog } from '../../../../../scripts/compiler/sources/last-modified.ts';

describe('parseGitLog', () => {
  it('dates each file by the newest commit that touched it', () => {
    const log = [
      '\u001e2026-11-23T10:00:00+00:00',
      '',
      'docs/a.md',
      '',
      '\u001e2026-11-20T09:00:00+00:00',
      '',
      'docs/a.md',
      'docs/b.md',
      '',
    ].join('\n');
    expect(Object.fromEntries(parseGitLog(log))).toEqual({
      'docs/a.md': '2026-11-23T10:00:00+00:00',
      'docs/b.md': '2026-11-20T09:00:00+00:00',
    });
  });
});

describe('lastModifiedDates', () => {
  it('knows the dates of files committed in the site folder', async () => {
    const dates = await lastModifiedDates('tests/fixtures/site');
    expect(dates.get('docs/intro.md')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
  });

  it('knows no dates outside a git repository', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'self-docs-no-git-'));
    try {
      expect((await lastModifiedDates(dir)).size).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
