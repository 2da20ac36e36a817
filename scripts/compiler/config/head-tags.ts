// What a Docusaurus config adds to every page's <head>: `headTags`, `stylesheets` and `scripts`.
// Each becomes a plain tag the worker writes out escaped (worker/render/head-tags.ts), and the
// origins they load from are added to the pages' CSP (worker/middleware/site-sources.ts). What the
// CSP cannot allow without `unsafe-inline` scripts (inline scripts, event-handler attributes) or
// cannot allow at all (plain http, `javascript:`) is left out with one warning each.

import type { HeadTag, SiteSources } from '../../../client/contract/site-config.ts';
import { BuildError } from '../errors.ts';
import { fontOriginsOfStylesheet } from '../assets/font-hosts.ts';

type Attributes = Record<string, unknown>;

export interface SiteHead {
  tags: HeadTag[];
  sources: SiteSources;
}

const tagNames = new Set(['link', 'meta', 'script', 'style']);

export function siteHead(config: Attributes, configFile: string): { head: SiteHead; warnings: BuildError[] } {
  const tags: HeadTag[] = [];
  const sources: SiteSources = { script: [], style: [], font: [] };
  const warnings: BuildError[] = [];
  const skip = (where: string, problem: string, fix: string) =>
    warnings.push(new BuildError(configFile, undefined, `${where}: ${problem}; it is left out`, fix));

  const entries: { where: string; tag: unknown }[] = [
    ...list(config.headTags).map((tag, index) => ({ where: `headTags[${index}]`, tag })),
    ...list(config.stylesheets).map((entry, index) => ({
      where: `stylesheets[${index}]`,
      tag: { tagName: 'link', attributes: { rel: 'stylesheet', ...(isObject(entry) ? entry : { href: entry }) } },
    })),
    ...list(config.scripts).map((entry, index) => ({
      where: `scripts[${index}]`,
      tag: { tagName: 'script', attributes: isObject(entry) ? entry : { src: entry } },
    })),
  ];
  for (const { where, tag } of entries) {
    if (!isObject(tag) || typeof tag.tagName !== 'string' || !tagNames.has(tag.tagName)) {
      skip(where, 'only link, meta, script and style tags are written into the head', 'use one of those tags');
      continue;
    }
    const attributes = plainAttributes(isObject(tag.attributes) ? tag.attributes : {});
    if ('problem' in attributes) {
      skip(where, attributes.problem, 'remove the attribute');
      continue;
    }
    const inner = typeof tag.innerHTML === 'string' ? tag.innerHTML : undefined;
    const built: HeadTag = { tagName: tag.tagName as HeadTag['tagName'], attributes: attributes.values };
    if (tag.tagName === 'script') {
      const src = attributes.values.src;
      if (typeof src !== 'string' || inner) {
        skip(
          where,
          'an inline script is blocked by the pages’ Content Security Policy',
          'move the code into a file under static/ and give the tag a `src`',
        );
        continue;
      }
      const origin = loadOrigin(src);
      if (origin === undefined) {
        skip(where, `the script ${src} is not served over https`, 'load it from an https:// URL or from static/');
        continue;
      }
      if (origin) sources.script.push(origin);
    } else if (tag.tagName === 'link') {
      const href = attributes.values.href;
      const origin = typeof href === 'string' ? loadOrigin(href) : null;
      if (origin === undefined) {
        skip(
          where,
          `the link ${String(href)} is not served over https`,
          'link an https:// URL or a file under static/',
        );
        continue;
      }
      if (origin && /\bstylesheet\b/i.test(String(attributes.values.rel))) {
        sources.style.push(origin);
        sources.font.push(...fontOriginsOfStylesheet(origin));
      }
    } else if (tag.tagName === 'style' && inner) {
      built.innerHTML = inner;
    }
    tags.push(built);
  }
  const unique = (values: string[]) => [...new Set(values)];
  return {
    head: {
      tags,
      sources: { script: unique(sources.script), style: unique(sources.style), font: unique(sources.font) },
    },
    warnings,
  };
}

/** The head with the origins the site's own CSS loads from (scripts/compiler/assets/site-styles.ts) added. */
export function withStyleSources(head: SiteHead, sources: { style: string[]; font: string[] } | undefined): SiteHead {
  if (!sources) return head;
  const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
  return {
    tags: head.tags,
    sources: {
      script: head.sources.script,
      style: union(head.sources.style, sources.style),
      font: union(head.sources.font, sources.font),
    },
  };
}

/** Attribute values as strings (`true` as an empty value); no event handlers, no odd names. */
function plainAttributes(raw: Attributes): { values: Record<string, string> } | { problem: string } {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === false || value === undefined || value === null) continue;
    if (!/^[a-z][a-z0-9_:.-]*$/i.test(name)) return { problem: `the attribute name "${name}" is not valid HTML` };
    if (/^on/i.test(name)) return { problem: `the event handler ${name} is an inline script, which the CSP blocks` };
    values[name] = value === true ? '' : String(value);
  }
  return { values };
}

/** The origin a URL loads from: '' for this site, undefined when the CSP should not allow it. */
function loadOrigin(url: string): string | undefined {
  if (url.startsWith('/') && !url.startsWith('//')) return '';
  if (!/^https:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isObject(value: unknown): value is Attributes {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
