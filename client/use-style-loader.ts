// A lazy part of the layout waits for its style group (style-loader.ts), the React side of it.

import { use } from 'react';
import { loadStyleGroups, styleFilesOfDocument, styleGroupLoading } from './style-loader.ts';

/**
 * Suspends the calling component until the group `name` is in the document: inlined by the worker,
 * or linked now. For lazy parts of the layout (the drawer, a status page) so they never paint
 * unstyled; their Suspense boundary shows nothing meanwhile. On the server it does nothing: the
 * worker inlines what its page needs.
 */
export function useStyleGroup(name: string): void {
  if (typeof document === 'undefined') return;
  void loadStyleGroups([name], styleFilesOfDocument());
  // The same promise on every render, so React knows once it has settled.
  const pending = styleGroupLoading(name);
  if (pending) use(pending);
}
