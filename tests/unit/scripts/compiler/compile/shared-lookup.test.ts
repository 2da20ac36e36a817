// What a compile thread reads of the whole site sits once in shared memory (shared-lookup.ts): it
// must answer exactly as the Set and Map it stands for, and a thread must be sent no copy of the
// site's routes, docs' places or category cards.

import { describe, expect, it } from 'vitest';
import { lazyJson, SharedLookup, sharedJson } from '../../../../../scripts/compiler/compile/shared-lookup.ts';
import { batchCards, linkContextData } from '../../../../../scripts/compiler/compile/thread-messages.ts';
import type { LinkContext } from '../../../../../scripts/compiler/compile/link-context.ts';
import type { DocPlaces } from '../../../../../scripts/compiler/compile/doc-context.ts';
import { compileContext } from '../../../support/sites.ts';
import type { SourceDoc } from '../../../../../scripts/compiler/sources/discover.ts';

const routes = ['/', '/a', '/a/b', '/ab', '/é', '/日本語', '/😀', '/z', '/a b', '/A'];

describe('the shared route tables', () => {
  it('answers every route and file as the Set and Map do, and nothing else', () => {
    const set = SharedLookup.of(routes.map((route) => [route] as const));
    const files = new Map(routes.map((route, i) => [`/site/docs/${i}-${route}.md`, route]));
    const map = SharedLookup.of(files);
    for (const route of routes) expect(set.has(route), route).toBe(true);
    for (const absent of ['', '/a/', '/b', '/e', '/日本', '/😀/x', '/ab ', 'a'])
      expect(set.has(absent), absent).toBe(false);
    for (const [file, route] of files) expect(map.get(file)).toBe(route);
    expect(map.get('/site/docs/0-.md')).toBeUndefined();
    expect(SharedLookup.of([]).has('/')).toBe(false);
  });

  it('reads the same table through another view of its memory, as a thread does', () => {
    const table = SharedLookup.of([['/x/y.md', '/x/y']]);
    const seen = new SharedLookup(structuredClone(table.buffer));
    expect(seen.get('/x/y.md')).toBe('/x/y');
  });

  it('parses shared JSON once, when first asked', () => {
    const read = lazyJson<{ a: number[] }>(sharedJson({ a: [1, 2] }));
    expect(read()).toEqual({ a: [1, 2] });
    expect(read()).toBe(read());
  });
});

describe('what a compile thread is sent', () => {
  const docs = routes.map((route, i) => ({ file: `/site/docs/${i}.md`, route }) as SourceDoc);
  const places: DocPlaces = { version: 'current', sidebars: {}, sidebarOfDoc: {}, previous: {}, next: {} };
  const context: LinkContext = {
    ...compileContext('/site', docs),
    docPlaces: () => places,
    docsData: () => ({ path: '/docs', versions: [], breadcrumbs: true }),
    docCards: { '/a': [{ type: 'link', href: '/a/b', label: 'B' } as never] },
  };

  it('holds the routes and the docs data in shared memory, and no category cards', () => {
    const data = linkContextData(context);
    expect(data.routes).toBeInstanceOf(SharedArrayBuffer);
    expect(data.routeOfFile).toBeInstanceOf(SharedArrayBuffer);
    expect(data.docPlaces).toBeInstanceOf(SharedArrayBuffer);
    expect(data.docsData).toBeInstanceOf(SharedArrayBuffer);
    expect(data).not.toHaveProperty('docCards');
    // Sent again (the next docs version, the blogs), the same tables go.
    expect(linkContextData(context).routes).toBe(data.routes);
  });

  it('sends each batch the cards of its own pages alone', () => {
    const entries = (paths: string[]) => paths.map((route, index) => ({ index, doc: { route } as SourceDoc }));
    expect(batchCards(context, entries(['/a', '/z']))).toEqual({ '/a': context.docCards!['/a'] });
    expect(batchCards(context, entries(['/z']))).toBeUndefined();
  });
});
