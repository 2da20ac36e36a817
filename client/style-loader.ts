// The page stylesheet comes in groups (client/contract/assets.ts StyleGroup): the first page inlines the ones
// it uses, and a page that client-side navigation brings may need others. Those are linked here,
// each once, at their place in the cascade, and the page is shown only once they have loaded (or
// failed), so it never appears unstyled. A group that arrives early styles nothing on the page
// before: each group's rules are for elements only the pages that need it contain. No React here:
// the first load's web-font chunk reads the document's style files too (use-style-loader.ts is React's).

import type { BootData } from './contract/boot.ts';
import type { PageData } from './contract/page.ts';

const loading = new Map<string, Promise<void>>();

// Older format (a page without `styles`): goes once every kept build records `formats` (contract/storage.ts).
/** The groups `page` needs (every group, for a page stored without its list); resolves once they have loaded. */
export function loadPageStyles(page: PageData, files: Record<string, string> | undefined): Promise<void> {
  return loadStyleGroups(page.styles ?? Object.keys(files ?? {}), files);
}

/**
 * Links the groups among `names` that this document has neither inlined nor linked yet; resolves
 * once all have loaded. `files` is the boot data's map of every group in cascade order (BootData.styleFiles).
 */
export function loadStyleGroups(names: readonly string[], files: Record<string, string> | undefined): Promise<void> {
  if (!files) return Promise.resolve();
  const order = Object.keys(files);
  const missing = names.filter((name) => files[name] && !document.querySelector(`[data-style="${CSS.escape(name)}"]`));
  return Promise.all(
    names.map((name) => {
      if (!missing.includes(name)) return loading.get(name);
      const pending = linkGroup(name, files[name]!, order);
      loading.set(name, pending);
      return pending;
    }),
  ).then(() => undefined);
}

/** The load of group `name` once started here: the same promise every time it is asked for. */
export function styleGroupLoading(name: string): Promise<void> | undefined {
  return loading.get(name);
}

let documentStyleFiles: Record<string, string> | undefined;

/**
 * Where the groups this document did not inline are (BootData.styleFiles), read from its boot data
 * once: the files are the build's, the same for every page it shows, and a lazy part asking for its
 * group on each render need not parse the boot data each time.
 */
export function styleFilesOfDocument(): Record<string, string> | undefined {
  if (documentStyleFiles) return documentStyleFiles;
  const text = document.getElementById('__boot')?.textContent;
  documentStyleFiles = text ? (JSON.parse(text) as BootData).styleFiles : undefined;
  return documentStyleFiles;
}

function linkGroup(name: string, href: string, order: string[]): Promise<void> {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.style = name;
  const loaded = new Promise<void>((resolve) => {
    link.onload = () => resolve();
    // A missing group must not keep the reader from the page: shown with what has loaded.
    link.onerror = () => {
      console.warn(`The stylesheet ${href} did not load.`);
      resolve();
    };
  });
  // Before the first group that comes after it, else after the last one: the cascade the build made.
  const later = new Set(order.slice(order.indexOf(name) + 1));
  const present = [...document.querySelectorAll<HTMLElement>('head [data-style]')];
  const next = present.find((element) => later.has(element.dataset.style!)) ?? present.at(-1)?.nextSibling ?? null;
  document.head.insertBefore(link, next);
  return loaded;
}
