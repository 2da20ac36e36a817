// React and the site's components are loaded on an isolate's first render, not when it starts: a
// search, a redirect, a 304, a cached page or data never run them, and they are most of what a
// new isolate would otherwise evaluate before its first answer. The bundler keeps them in the same
// script, evaluated on this import only.

import type * as renderers from './renderers.ts';

type Renderers = typeof renderers;

let loading: Promise<Renderers> | undefined;

export function loadRenderers(): Promise<Renderers> {
  loading ??= import('./renderers.ts').catch((error: unknown) => {
    // Asked again on the next render rather than failing every render after this one.
    loading = undefined;
    throw error;
  });
  return loading;
}
