// The dev server's watch on the content folder: edits come in bursts (an editor writes a temporary
// file, renames it, touches the folder), so a rebuild starts once the folder has been quiet for a
// moment, one at a time, and edits made during a rebuild bring one more.

import { watch, type FSWatcher } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Quiet time before a rebuild starts: an editor's burst of writes takes a few milliseconds. */
const settleMs = 30;

export interface ContentWatch {
  close(): void;
}

/**
 * Calls `rebuild` with the paths that changed (absolute; a path may be a folder) after files under
 * any of `dirs` change, never two at once. Paths under `ignore` (the build's own output, when it
 * lies inside the content folder), `node_modules` and dot-folders are not content.
 */
export function watchContent(
  dirs: string[],
  ignore: string[],
  rebuild: (changed: Set<string>) => Promise<void>,
): ContentWatch {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let changed = new Set<string>();

  const start = () => {
    if (running) {
      again = true;
      return;
    }
    const paths = changed;
    changed = new Set();
    running = rebuild(paths).finally(() => {
      running = undefined;
      if (again) {
        again = false;
        start();
      }
    });
  };
  const isContent = (dir: string, name: string) => {
    const path = join(dir, name);
    if (ignore.some((folder) => path === folder || path.startsWith(folder + sep))) return false;
    return !relative(dir, path)
      .split(sep)
      .some((part) => part === 'node_modules' || part.startsWith('.'));
  };
  const watchers: FSWatcher[] = dirs.map((dir) =>
    watch(dir, { recursive: true }, (_event, name) => {
      if (name !== null && !isContent(dir, name.toString())) return;
      changed.add(name === null ? dir : join(dir, name.toString()));
      clearTimeout(timer);
      timer = setTimeout(start, settleMs);
    }),
  );
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
