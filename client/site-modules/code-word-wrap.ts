// `useCodeWordWrap` of `@docusaurus/theme-common/internal`, for a site's own code block: whether its
// lines wrap, toggled by the reader, and whether the block scrolls sideways.

import { useCallback, useEffect, useRef, useState } from 'react';

export function useCodeWordWrap() {
  const codeBlockRef = useRef<HTMLPreElement>(null);
  const [isEnabled, setEnabled] = useState(false);
  const [isCodeScrollable, setScrollable] = useState(false);
  const toggle = useCallback(() => {
    const code = codeBlockRef.current?.querySelector('code');
    if (code) code.style.whiteSpace = isEnabled ? '' : 'pre-wrap';
    setEnabled((value) => !value);
  }, [isEnabled]);
  useEffect(() => {
    const block = codeBlockRef.current;
    if (block) setScrollable(block.scrollWidth > block.clientWidth);
  }, [isEnabled]);
  return { codeBlockRef, isEnabled, isCodeScrollable, toggle };
}
