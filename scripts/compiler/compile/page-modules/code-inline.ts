// `@theme/CodeInline` and `@theme/MDXComponents/Code`, evaluated at build time. MDX's `code`: a
// block when it has a language class or more than one line (as Docusaurus decides), else inline.

import { jsx } from '../jsx-runtime.ts';

type Props = Record<string, unknown> & { children?: unknown; className?: unknown };

export default function CodeInline(props: Props) {
  return jsx('code', props);
}

export function MDXCode(props: Props) {
  const text = typeof props.children === 'string' ? props.children : undefined;
  const block = typeof props.className === 'string' || (text !== undefined && text.includes('\n'));
  return block ? jsx('CodeBlock', props) : jsx('code', props);
}
