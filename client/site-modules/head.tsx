// `@docusaurus/Head` for site components. The page's head (its title, description and meta tags) is
// the build's, from the page's front matter and the site's config: what a component puts there is
// not shown, as nothing of it is part of the page's content.

import type { ReactNode } from 'react';

export default function Head(_props: { children?: ReactNode }) {
  return null;
}
