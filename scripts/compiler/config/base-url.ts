// Docusaurus's `baseUrl` (a site served under a path, as on GitHub Pages: '/my-project/') is not
// used: this engine serves every site from its origin's root (compile/page-context.ts). Said
// once as a warning, since every route and link of the site moves.

import { BuildError } from '../errors.ts';
import { uniqueLine } from '../schemas/source-lines.ts';

export function baseUrlWarnings(raw: unknown, file: { name: string; text: string }): BuildError[] {
  const baseUrl = typeof raw === 'object' && raw !== null ? (raw as { baseUrl?: unknown }).baseUrl : undefined;
  if (typeof baseUrl !== 'string' || baseUrl.replace(/^\/+|\/+$/g, '') === '') return [];
  const prefix = `/${baseUrl.replace(/^\/+|\/+$/g, '')}`;
  return [
    new BuildError(
      file.name,
      uniqueLine(file.text, ['baseUrl'], baseUrl),
      `baseUrl "${baseUrl}" is not used: the site is served from its host's root (a page at ${prefix}/x is at /x)`,
      `serve the site from the root of its own host, and set baseUrl: '/' to say so`,
    ),
  ];
}
