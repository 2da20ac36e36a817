// The elements of a page the site renders with its own components, as Docusaurus lets it: the
// registered components it swizzles (`src/theme/Admonition` for every `:::note`, `src/theme/Tabs`…)
// and the HTML elements its `src/theme/MDXComponents` overrides (`a`, `img`, `code`, `h2`…). A page
// holding one of them is built by running its code, where the components provider
// (theme-aliases.ts) hands MDX the site's component; the others are still built straight from
// their hast (direct.ts).

import { readFileSync } from 'node:fs';
import { componentNames } from '../../../client/contract/page.ts';
import { siteThemeFile } from './theme-aliases.ts';

/** The HTML elements Markdown makes, which MDXComponents may override. */
const markdownElements = [
  'a',
  'blockquote',
  'code',
  'del',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  'strong',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
];

/** The registered components the site has a `src/theme/<Name>` of. */
export function swizzledContentComponents(siteDir: string): string[] {
  return componentNames.filter((name) => siteThemeFile(siteDir, name) !== undefined);
}

/**
 * Every element name a page's tree must be built by its code for. For MDXComponents the keys are
 * read from its source (`a: MyLink`, `img,`): a key it only spreads from ours is kept too, which
 * costs a page its direct build and changes nothing else (the provider keeps ours there).
 */
export function themedElements(siteDir: string, mdxComponents: string | undefined): string[] {
  const names = new Set(swizzledContentComponents(siteDir));
  if (mdxComponents) {
    const source = readFileSync(mdxComponents, 'utf8');
    for (const element of markdownElements) {
      if (new RegExp(`(^|[{,\\s])['"]?${element}['"]?\\s*(:|,|\\})`, 'm').test(source)) names.add(element);
    }
  }
  return [...names].sort();
}
