// Values that several author files share, each with the words its build error uses.

import { z } from 'zod';
import { themeNames } from '../../../client/contract/site-config.ts';
import { hinted } from './hints.ts';

/** The full address of the site; page URLs in search records and the sitemap are built on it. */
export const siteUrl = hinted(
  z.url({ protocol: /^https?$/ }),
  'a full URL starting with http:// or https://',
  'the address the site is served from, such as "https://docs.example.com"',
);

/** Where a link goes: an absolute URL (any scheme, mailto: too), a path from the site root, or an anchor. */
export const href = hinted(
  z.string().refine((value) => /^([a-z][a-z\d+.-]*:|\/|#)/i.test(value)),
  'a URL or a path starting with "/"',
  'a string such as "/docs/intro" or "https://example.com"',
);

/** A link target as Docusaurus takes it: any string, relative ones included. */
export const looseHref = hinted(
  z.string(),
  'a URL or a path starting with "/"',
  'a string such as "/docs/intro" or "https://example.com"',
);

/** The URL prefix of doc routes, written as `docs`, `/docs/` or `/`; kept as `/docs` or `/`. */
export const routeBasePath = hinted(
  z.string().refine((value) => !/[?#\s]|^[a-z][a-z\d+.-]*:/i.test(value)),
  'a path such as "/docs" or "/"',
  'a string such as "/docs", or "/" to serve docs from the site root',
).transform((value) => `/${value}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1'));

export const policy = hinted(
  z.enum(['throw', 'warn', 'ignore']),
  'one of "throw", "warn", "ignore"',
  '"throw", "warn" or "ignore"',
);

export const text = (example: string) => hinted(z.string(), 'a string', `a string such as ${example}`);

/** A number, or a string of one: YAML and JSON authors quote numbers, and Docusaurus (Joi) accepts both. */
export const looseNumber = (example: string) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value,
    hinted(z.number(), 'a number', `a number such as ${example}`),
  );

/** true or false, or the strings "true" and "false", as Docusaurus (Joi) accepts them. */
export const looseBoolean = () =>
  z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    hinted(z.boolean(), 'true or false', 'true or false'),
  );

/** `colorMode`, as our own file and a Docusaurus config both write it. */
export const colorModeShape = {
  defaultMode: z.enum(themeNames).optional(),
  disableSwitch: looseBoolean().optional(),
  respectPrefersColorScheme: looseBoolean().optional(),
};

/**
 * `announcementBar`, as our own file and a Docusaurus config both write it: `colour` and `closeable`
 * are the caller's, since a Docusaurus config may give any colour text and `isCloseable: "false"`,
 * as Docusaurus takes them, where our own file is stricter.
 */
export function announcementBarShape(colour: z.ZodString, closeable: z.ZodType<boolean, unknown>) {
  return {
    id: z.string().default('announcement-bar'),
    content: text('"We just launched <a href=\\"/news\\">version 2</a>"'),
    backgroundColor: colour.default('#fff'),
    textColor: colour.default('#000'),
    isCloseable: closeable.default(true),
  };
}
