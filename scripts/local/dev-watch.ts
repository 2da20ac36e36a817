// The dev server's watch on the content folder: edits come in bursts (an editor writes a temporary
// file, renames it, touches the folder), so a rebuild starts once the folder has been quiet for a
// moment, one at a time, and edits made during a rebuild bring one more.
//
// Each folder has a watch of its own rather than one recursive watch: a folder's watch outlives the
// files in it, so an editor that saves by writing a new file and renaming it over the old one
// (Vim, JetBrains' safe write) is seen on every save. Node's recursive watch on Linux follows the
// file it found and sees nothing after the first such save.

import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Quiet time before a rebuild starts: an editor's burst of writes takes a few milliseconds. */
const settleMs = 30;

/**
 * Files editors write beside the one saved and remove again (backups, swap files, Vim's `4913`
 * probe, JetBrains' safe-write files, Emacs' lock and autosave files): not content, and a rebuild
 * that saw one come and go would build every page instead of the one saved.
 */
const editorFile = /(?:~|\.sw[a-p]|\.tmp|___jb_(?:tmp|old)___)$|^4913$|^\.?#/;

/** Why edits under `folder` will not rebuild, and what to do about it. */
export function unwatchedWarning(folder: string, code: string | undefined): string {
  const fix =
    code === 'ENOSPC'
      ? 'the system allows no more file watches: raise it (sudo sysctl fs.inotify.max_user_watches=524288) and restart npm start'
      : 'restart npm start to see them';
  return `npm start cannot watch ${folder} (${code ?? 'error'}): edits in it will not rebuild; ${fix}.`;
}

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
  const folders = new Map<string, FSWatcher>();

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
  const isContent = (root: string, path: string) => {
    if (ignore.some((folder) => path === folder || path.startsWith(folder + sep))) return false;
    const parts = relative(root, path).split(sep);
    if (editorFile.test(parts[parts.length - 1]!)) return false;
    return !parts.some((part) => part === 'node_modules' || part.startsWith('.'));
  };
  const unwatch = (folder: string) => {
    for (const [path, watcher] of folders) {
      if (path !== folder && !path.startsWith(folder + sep)) continue;
      watcher.close();
      folders.delete(path);
    }
  };
  const watchFolder = (root: string, folder: string) => {
    if (folders.has(folder) || !isContent(root, folder)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (_event, name) => seen(root, folder, name?.toString() ?? null));
    } catch (error) {
      // Gone already: its parent's watch reports it. Anything else (the system's limit on watches)
      // would leave edits unseen, so say so.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') console.warn(unwatchedWarning(folder, code));
      return;
    }
    watcher.on('error', () => unwatch(folder));
    folders.set(folder, watcher);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) watchFolder(root, join(folder, entry.name));
    }
  };
  const seen = (root: string, folder: string, name: string | null) => {
    const path = name === null ? folder : join(folder, name);
    if (!isContent(root, path)) return;
    if (name !== null) {
      const kind = statSync(path, { throwIfNoEntry: false });
      if (kind?.isDirectory()) watchFolder(root, path);
      else if (kind === undefined) unwatch(path);
    }
    changed.add(path);
    clearTimeout(timer);
    timer = setTimeout(start, settleMs);
  };

  for (const dir of dirs) watchFolder(dir, dir);
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of folders.values()) watcher.close();
      folders.clear();
    },
  };
}
