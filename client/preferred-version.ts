// The docs version the reader prefers, kept in localStorage as Docusaurus keeps it: it applies where
// no page says its version (search, 404).

import { preferredVersionKey } from './contract/browser-names.ts';
import { readStored } from './preferences.ts';

export function readPreferredVersion(): string | null {
  return readStored(preferredVersionKey);
}

export function savePreferredVersion(name: string): void {
  try {
    localStorage.setItem(preferredVersionKey, name);
  } catch {
    // Without storage the choice lasts as long as the page.
  }
}
