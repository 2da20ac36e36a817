// The components of a site's `src/theme/` that the engine does not render: Docusaurus's layout
// (navbar, footer, doc page, sidebar, root...), drawn by the engine's own components. The others,
// swizzled content components and the site's own additions, are used wherever `@theme/X` is
// imported (compile/theme-aliases.ts), and MDXComponents adds to every page's scope.

import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Docusaurus theme components (top-level names) that make the page around the content. */
const layoutComponents = new Set([
  'AnnouncementBar',
  'BackToTopButton',
  'Blog',
  'BlogArchivePage',
  'BlogLayout',
  'BlogListPage',
  'BlogListPaginator',
  'BlogPostItem',
  'BlogPostItems',
  'BlogPostPage',
  'BlogPostPaginator',
  'BlogSidebar',
  'BlogTagsListPage',
  'BlogTagsPostsPage',
  'ColorModeToggle',
  'ContentVisibility',
  'DocBreadcrumbs',
  'DocCategoryGeneratedIndexPage',
  'DocItem',
  'DocPage',
  'DocPaginator',
  'DocRoot',
  'DocSidebar',
  'DocSidebarItem',
  'DocSidebarItems',
  'DocTagDocListPage',
  'DocTagsListPage',
  'DocVersionBadge',
  'DocVersionBanner',
  'DocVersionRoot',
  'DocsRoot',
  'EditMetaRow',
  'EditThisPage',
  'Footer',
  'LastUpdated',
  'Logo',
  'Navbar',
  'NavbarItem',
  'NotFound',
  'PaginatorNavLink',
  'Root',
  'SearchBar',
  'SearchPage',
  'SearchTranslations',
  'SiteMetadata',
  'SkipToContent',
  'TOC',
  'TOCCollapsible',
  'TOCItems',
  'Tag',
  'TagsListByLetter',
  'TagsListInline',
  'ThemeProvider',
  'prism-include-languages',
]);

export interface SwizzledComponent {
  /** `Footer`, `DocItem/Layout`. */
  name: string;
  /** Its file, relative to the site folder. */
  file: string;
}

/** The layout components `src/theme/` swizzles, one each (a folder's files count once). */
export function unrenderedSwizzledComponents(siteDir: string): SwizzledComponent[] {
  const themeDir = join(siteDir, 'src', 'theme');
  if (!existsSync(themeDir)) return [];
  const found = new Map<string, string>();
  for (const entry of readdirSync(themeDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|jsx|ts|tsx)$/.test(entry.name) || entry.name.endsWith('.d.ts')) continue;
    const path = relative(themeDir, join(entry.parentPath, entry.name)).split(sep).join('/');
    const name = path.replace(/(\/index)?\.(js|jsx|ts|tsx)$/, '');
    if (!layoutComponents.has(name.split('/')[0]!) || found.has(name)) continue;
    found.set(name, relative(siteDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }
  return [...found].map(([name, file]) => ({ name, file })).sort((a, b) => a.name.localeCompare(b.name));
}
