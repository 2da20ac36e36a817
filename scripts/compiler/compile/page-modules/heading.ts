// `@theme/Heading` (and `@theme/MDXComponents/Heading`), evaluated at build time: the heading
// element `as` names, so it renders like the page's own headings (with its anchor link).

import { jsx } from '../jsx-runtime.ts';

export default function Heading({ as, ...props }: { as?: unknown } & Record<string, unknown>) {
  const tag = typeof as === 'string' && /^h[1-6]$/.test(as) ? as : 'h2';
  return jsx(tag, props);
}
