// `@theme/Mermaid` for site components: the same `.mermaid-diagram` a ```mermaid fence becomes
// (scripts/compiler/compile/markdown/mermaid.ts), its source readable until the browser's diagram
// chunk draws it. Without `markdown.mermaid` the site has no diagram chunk: the source stays code.

import { mermaidThemesOf } from './mermaid-themes.ts';
import { siteContext } from './site-context.ts';

export default function Mermaid({ value }: { value: string }) {
  const themes = mermaidThemesOf(siteContext().siteConfig);
  const source = <pre className="mermaid-source">{value}</pre>;
  if (!themes) return source;
  return (
    <div
      className="mermaid-diagram"
      data-mermaid-light={themes.light}
      data-mermaid-dark={themes.dark}
      data-mermaid-options={themes.options ? JSON.stringify(themes.options) : undefined}
    >
      {source}
    </div>
  );
}
