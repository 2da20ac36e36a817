// `@docusaurus/ExecutionEnvironment` as a site component reads it: the browser's own answers in a
// browser, all false where there is no DOM (the build's render).

import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshModule() {
  vi.resetModules();
  return (await import('../../../../client/site-modules/execution-environment.ts')).default;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ExecutionEnvironment', () => {
  it('says nothing of the DOM can be used where there is no window', async () => {
    expect(await freshModule()).toEqual({
      canUseDOM: false,
      canUseEventListeners: false,
      canUseIntersectionObserver: false,
      canUseViewport: false,
    });
  });

  it("gives a browser's own answers in a browser", async () => {
    vi.stubGlobal('window', {
      document: { createElement: () => ({}) },
      addEventListener: () => undefined,
      screen: {},
    });
    expect(await freshModule()).toEqual({
      canUseDOM: true,
      canUseEventListeners: true,
      // This window has no IntersectionObserver.
      canUseIntersectionObserver: false,
      canUseViewport: true,
    });
  });
});
