// An island in a rendered page: a `<self-island>` element holding the HTML the build rendered.
// On the server (and for islands with no script) that is all. In the browser, for a page that
// client-side navigation shows, an interactive island loads its chunk and renders the component
// in place, showing the build's HTML until then; on a first load the server's markup is hydrated
// instead (hydrate.ts). Either way a live island is marked `data-hydrated`. `self-island` is
// `display: contents`: it adds no box of its own.

import { createContext, createElement, lazy, Suspense, useContext, type ComponentType } from 'react';
import { contentComponents } from '../components/content/registry.ts';
import type { ComponentRegistry } from '../render-tree.tsx';
import { exportedComponent, islandTag, type IslandProps } from '../contract/islands.ts';
import type { IslandAssets } from '../contract/page.ts';
import { importIsland } from './importer.ts';
import { islandElementProps, provideDoc } from './island-props.ts';

/** The page's island modules and what they load (PageData.islandAssets), for the islands in it. */
export const IslandAssetsContext = createContext<Record<string, IslandAssets>>({});

export function Island({ island, export: name, props, html, doc }: IslandProps) {
  const assets = useContext(IslandAssetsContext)[island];
  const inBrowser = typeof document !== 'undefined';
  const script = inBrowser ? assets?.script : undefined;
  const attributes = {
    'data-island': island,
    'data-export': name,
    // Only an island that hydrates needs its props in the page.
    ...(assets && !assets.script ? {} : { 'data-props': JSON.stringify(props) }),
    ...(doc && !(assets && !assets.script) ? { 'data-doc': JSON.stringify(doc) } : {}),
  };
  const serverMarkup = createElement('self-island', { ...attributes, dangerouslySetInnerHTML: { __html: html } });
  // The worker links the stylesheets in the head; in the browser React adds them and waits for them.
  const styles = inBrowser
    ? (assets?.styles ?? []).map((href) => <link key={href} rel="stylesheet" href={href} precedence="islands" />)
    : null;
  if (!script) {
    return (
      <>
        {styles}
        {serverMarkup}
      </>
    );
  }
  // Cached by chunk and export (not made anew each render), so its state survives a re-render.
  const component = islandComponent(script, name);
  if (doc) provideDoc(doc);
  return (
    <>
      {styles}
      <Suspense fallback={serverMarkup}>
        {createElement(
          'self-island',
          { ...attributes, 'data-hydrated': 'true' },
          createElement(component, islandElementProps(props, pageComponents)),
        )}
      </Suspense>
    </>
  );
}

/** The components a page's tree may name: the registered ones and islands. */
export const pageComponents: ComponentRegistry = { ...contentComponents, [islandTag]: Island };

const loaded = new Map<string, ComponentType<Record<string, unknown>>>();

/** One lazy component per chunk and export, so a page rendered again keeps its islands' state. */
function islandComponent(script: string, name: string): ComponentType<Record<string, unknown>> {
  const key = `${script}#${name}`;
  let component = loaded.get(key);
  if (!component) {
    component = lazy(() =>
      importIsland(script).then((module) => ({
        default: exportedComponent<ComponentType<Record<string, unknown>>>(module, name)!,
      })),
    );
    loaded.set(key, component);
  }
  return component;
}
