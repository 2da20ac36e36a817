// `useDocsPreferredVersion` of `@docusaurus/plugin-content-docs/client`: the version the reader
// chose, kept in localStorage as Docusaurus keeps it. None in the build's render and while
// hydrating (so the two agree), then the stored one.

import { useSyncExternalStore } from 'react';
import { readPreferredVersion, savePreferredVersion } from '../preferred-version.ts';
import { useDocsData, type GlobalVersion } from './docs-data.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener('self-docs:preferred-version', onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener('self-docs:preferred-version', onChange);
  };
}

export function useDocsPreferredVersion(pluginId?: string): {
  preferredVersion: GlobalVersion | null;
  savePreferredVersionName: (name: string) => void;
} {
  const data = useDocsData(pluginId);
  const name = useSyncExternalStore(subscribe, readPreferredVersion, () => null);
  return {
    preferredVersion: data.versions.find((version) => version.name === name) ?? null,
    savePreferredVersionName: (chosen) => {
      savePreferredVersion(chosen);
      window.dispatchEvent(new Event('self-docs:preferred-version'));
    },
  };
}
