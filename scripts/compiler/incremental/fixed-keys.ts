// The content keys a one-page rebuild takes over from the build before it as they are: the
// sidebars' and the blog feeds'. Pages, the route table, the llms parts and the search pieces it
// stores again (unchanged ones come out the same, so they keep their keys).

import { kvKeys } from '../../../client/contract/storage.ts';

const fixedPrefixes = [kvKeys.sidebar(''), kvKeys.feed('')];

export function isFixedKey(key: string): boolean {
  return fixedPrefixes.some((prefix) => key.startsWith(prefix));
}
