// `@docusaurus/BrowserOnly`: its children are a function to run in the browser, and pages here
// are static trees built once, so the page shows the fallback. The build unwraps the marker
// element and warns (compile/checks/browser-only.ts).

import { jsx } from '../jsx-runtime.ts';

export const browserOnlyTag = 'BrowserOnly';

export default function BrowserOnly({ fallback }: { children?: unknown; fallback?: unknown }) {
  return jsx(browserOnlyTag, { children: fallback });
}
