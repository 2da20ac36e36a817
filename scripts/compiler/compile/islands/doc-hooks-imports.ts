// A site component that takes only the doc page's hooks (`useDoc`, `useDocsSidebar`…) from
// `@docusaurus/plugin-content-docs/client` or `@docusaurus/theme-common/internal` is given their
// module alone (client/site-modules/doc-hooks.ts). esbuild shares the modules of the islands'
// chunks file by file: through the whole client module, such an island would load the docs data
// any other island of the site reads.

import { readFileSync } from 'node:fs';

const docHooks = new Set([
  'useDoc',
  'useDocsSidebar',
  'useSidebarBreadcrumbs',
  'useCurrentSidebarCategory',
  'isActiveSidebarItem',
  'findFirstSidebarItemLink',
  'isSamePath',
]);
const modulesWithDocHooks = new Set(['@docusaurus/plugin-content-docs/client', '@docusaurus/theme-common/internal']);

/** Whether every binding `importer` takes from `specifier` (`import { … } from`) is a doc page hook. */
export function importsDocHooksOnly(specifier: string, importer: string): boolean {
  if (!modulesWithDocHooks.has(specifier)) return false;
  const source = readFileSync(importer, 'utf8');
  const quoted = `['"]${specifier.replace(/[/.-]/g, '\\$&')}['"]`;
  let named = false;
  for (const statement of source.matchAll(new RegExp(`import\\s+([^;'"]*?)\\s*from\\s*${quoted}`, 'g'))) {
    const clause = statement[1]!.trim();
    if (/^type\s/.test(clause)) continue;
    const braces = /^\{([^}]*)\}$/.exec(clause);
    // A default or namespace import (`* as docs`) may use anything the module has.
    if (!braces) return false;
    const names = braces[1]!
      .split(',')
      .map(
        (binding) =>
          binding
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean);
    if (names.some((name) => !docHooks.has(name))) return false;
    named = true;
  }
  // `require(…)` or a dynamic import: read as it is written, through the whole module.
  return named && !new RegExp(`(require|import)\\s*\\(\\s*${quoted}`).test(source);
}
