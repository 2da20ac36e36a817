// A first load: the server's markup of each interactive island is hydrated with its component,
// from its own chunk. The rest of the article stays server markup (page-widgets.ts).

import { createElement, type ComponentType } from 'react';
import type { hydrateRoot as HydrateRoot } from 'react-dom/client';
import { exportedComponent } from '../contract/islands.ts';
import type { IslandAssets } from '../contract/page.ts';
import type { DocContext } from '../contract/doc-context.ts';
import { pageComponents } from './Island.tsx';
import { importIsland } from './importer.ts';
import { islandElementProps, provideDoc } from './island-props.ts';

/**
 * `hydrateRoot` comes from the take-over's chunk (client/take-over.tsx), which has it already: the
 * islands' code then needs no chunk of react-dom's of its own.
 */
export async function hydrateIslands(
  assets: Record<string, IslandAssets>,
  hydrateRoot: typeof HydrateRoot,
): Promise<void> {
  const elements = [...document.querySelectorAll<HTMLElement>('self-island[data-island]')];
  await Promise.all(
    elements.map(async (element) => {
      const { island = '', export: name = 'default', props = '{}' } = element.dataset;
      const script = assets[island]?.script;
      // An island inside another that hydrates is hydrated with it.
      const outer = element.parentElement?.closest<HTMLElement>('self-island');
      if (!script || (outer && assets[outer.dataset.island ?? '']?.script)) return;
      const module = await importIsland(script);
      const component = exportedComponent<ComponentType<Record<string, unknown>>>(module, name);
      if (!component) throw new Error(`${island} has no export ${name}`);
      if (element.dataset.doc) provideDoc(JSON.parse(element.dataset.doc) as DocContext);
      hydrateRoot(element, createElement(component, islandElementProps(JSON.parse(props), pageComponents)), {
        onRecoverableError: (error) => console.warn(`Hydrating ${island} recovered from an error:`, error),
      });
      // React replays a click made from now on, once it has hydrated the component.
      element.dataset.hydrated = 'true';
    }),
  );
}
