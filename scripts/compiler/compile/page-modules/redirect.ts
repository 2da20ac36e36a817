// `@docusaurus/Redirect` in a page built once, with no script of its own: the browser is sent on by
// a refresh to the target, and a reader whose browser does not follow it gets the link.

import { jsx } from '../jsx-runtime.ts';

export default function Redirect({ to }: { to?: unknown; push?: boolean }) {
  const target = typeof to === 'string' ? to : (to as { pathname?: string } | undefined)?.pathname;
  if (!target) throw new Error('<Redirect> needs the path to go to: <Redirect to="/docs/intro" />');
  return [
    jsx('meta', { httpEquiv: 'refresh', content: `0; url=${target}` }),
    jsx('p', { children: ['This page has moved to ', jsx('a', { href: target, children: target }), '.'] }),
  ];
}
