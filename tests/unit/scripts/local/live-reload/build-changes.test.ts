// What the open tabs are told after a rebuild: the routes whose page changed, a reload when the
// chrome changed, and, for a tab that comes back, everything it missed since the build it saw.

import { describe, expect, it } from 'vitest';
import type { Manifest, RouteTarget } from '../../../../../client/contract/storage.ts';
import { buildEvent, type BuildOutline } from '../../../../../scripts/local/live-reload/build-changes.ts';
import { changesSince } from '../../../../../scripts/local/live-reload/event-server.ts';

function outline(buildId: string, routes: Record<string, string>, title = 'Docs'): BuildOutline {
  const manifest = {
    buildId,
    builtAt: new Date().toISOString(),
    site: { title },
    routeBuckets: [`bucket-${buildId}`],
    sidebars: {},
    llms: [`llms-${buildId}`],
    search: { store: 'kv', directory: `dir-${buildId}` },
    assets: { script: '/assets/main.js' },
  } as unknown as Manifest;
  const routeTargets = new Map<string, RouteTarget>(
    Object.entries(routes).map(([route, page]) => [route, { page, markdown: `md-${page}` }]),
  );
  return { manifest, routeTargets };
}

describe('the event a rebuild sends the tabs', () => {
  it('names the routes whose page changed, with no reload when only pages did', () => {
    const before = outline('a', { '/': 'p1', '/guide': 'p2', '/gone': 'p3' });
    const after = outline('b', { '/': 'p1', '/guide': 'p2b', '/new': 'p4' });
    expect(buildEvent(before, after, false)).toEqual({
      buildId: 'b',
      reload: false,
      routes: ['/gone', '/guide', '/new'],
    });
  });

  it('reloads when the chrome changed (here the site title) or a static file did', () => {
    const before = outline('a', { '/': 'p1' });
    expect(buildEvent(before, outline('b', { '/': 'p1' }, 'Handbook'), false).reload).toBe(true);
    expect(buildEvent(before, outline('b', { '/': 'p1' }), true).reload).toBe(true);
  });
});

describe('what a tab that comes back is told', () => {
  const builds = [
    { buildId: 'a', reload: false, routes: [] },
    { buildId: 'b', reload: false, routes: ['/guide'] },
    { buildId: 'c', reload: false, routes: ['/'] },
  ];

  it('merges every change since the build it saw', () => {
    expect(changesSince(builds, 'a')).toEqual({ buildId: 'c', reload: false, routes: ['/', '/guide'] });
    expect(changesSince(builds, 'c')).toEqual({ buildId: 'c', reload: false, routes: [] });
  });

  it('reloads a tab on a build it cannot place, or when a missed build changed the chrome', () => {
    expect(changesSince(builds, 'unknown').reload).toBe(true);
    expect(changesSince([...builds, { buildId: 'd', reload: true, routes: [] }], 'b').reload).toBe(true);
  });
});
