// What npm start's content watch notices: every save of a file, however the editor writes it, in
// folders made after it started too, and nothing under node_modules or the build's output.

import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unwatchedWarning, watchContent, type ContentWatch } from '../../../../scripts/local/dev-watch.ts';

let dir: string;
let watch: ContentWatch | undefined;
let rebuilds: Set<string>[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dev-watch-'));
  mkdirSync(join(dir, 'docs', 'guides'), { recursive: true });
  mkdirSync(join(dir, 'node_modules', 'pkg'), { recursive: true });
  mkdirSync(join(dir, 'out'));
  writeFileSync(join(dir, 'docs', 'guides', 'setup.md'), '# Setup\n');
  rebuilds = [];
  watch = watchContent([dir], [join(dir, 'out')], async (changed) => {
    rebuilds.push(changed);
  });
});

afterEach(() => {
  watch?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** How long an event may take to arrive on a busy machine: a check that holds returns at once. */
const seen = { timeout: 30_000 };

const allChanged = () => new Set(rebuilds.flatMap((changed) => [...changed]));

/** Saves as Vim and JetBrains' safe write do: a new file renamed over the old one. */
function saveByRename(path: string, text: string) {
  writeFileSync(`${path}.tmp~`, text);
  renameSync(`${path}.tmp~`, path);
}

describe('the content watch', () => {
  it('sees every save of a file an editor replaces by renaming a new one over it', async () => {
    const page = join(dir, 'docs', 'guides', 'setup.md');
    for (const text of ['# One\n', '# Two\n', '# Three\n']) {
      const before = rebuilds.length;
      saveByRename(page, text);
      await vi.waitFor(() => expect(rebuilds.length).toBeGreaterThan(before), seen);
      await vi.waitFor(() => expect(allChanged()).toContain(page), seen);
      // The editor's file that came and went is not content: only the page is rebuilt.
      expect([...allChanged()]).toEqual([page]);
      rebuilds = [];
    }
  });

  it('sees files in a folder made after it started', async () => {
    mkdirSync(join(dir, 'docs', 'new'));
    await vi.waitFor(() => expect(allChanged()).toContain(join(dir, 'docs', 'new')), seen);
    const page = join(dir, 'docs', 'new', 'page.md');
    writeFileSync(page, '# New\n');
    await vi.waitFor(() => expect(allChanged()).toContain(page), seen);
  });

  it('leaves out node_modules and the build output', async () => {
    writeFileSync(join(dir, 'node_modules', 'pkg', 'index.js'), '');
    writeFileSync(join(dir, 'out', 'page.json'), '{}');
    writeFileSync(join(dir, 'docs', 'marker.md'), '# Marker\n');
    // The marker's rebuild comes after the others' events, had they been taken as content.
    await vi.waitFor(() => expect(allChanged()).toContain(join(dir, 'docs', 'marker.md')), seen);
    expect([...allChanged()].filter((path) => path.includes('node_modules') || path.includes(`${dir}/out`))).toEqual(
      [],
    );
  });
});

describe('a folder the system will not watch', () => {
  it('is named with the fix when the watch limit is reached', () => {
    expect(unwatchedWarning('/site/docs/api', 'ENOSPC')).toBe(
      'npm start cannot watch /site/docs/api (ENOSPC): edits in it will not rebuild; the system allows no more file ' +
        'watches: raise it (sudo sysctl fs.inotify.max_user_watches=524288) and restart npm start.',
    );
  });
});
