// `site.config.ts`: our own configuration file. Every key is optional (the rest keeps its
// default); a key we do not know is an error, since in our own file it is most likely a typo.

import { z } from 'zod';
import type { SiteConfig } from '../../../client/contract/site-config.ts';
import { hinted } from './hints.ts';
import {
  announcementBarShape,
  colorModeShape,
  href,
  looseBoolean,
  policy,
  routeBasePath,
  siteUrl,
  text,
} from './values.ts';

const icons = ['discord', 'github', 'instagram', 'link', 'linkedin', 'telegram', 'x', 'youtube'] as const;
const colour = text('"#0138ae"');

const navbarItem = z
  .strictObject({
    label: text('"Docs"'),
    href,
    position: z.enum(['left', 'right']).default('right'),
    /** Open outside the current tab; by default, links with a scheme (https:, mailto:) do. */
    external: z.boolean().optional(),
  })
  .transform((item) => ({ ...item, external: item.external ?? /^[a-z][a-z\d+.-]*:/i.test(item.href) }));

export const siteConfigSchema = hinted(
  z.strictObject({
    title: text('"My Docs"').optional(),
    titleDelimiter: text('"·"').optional(),
    tagline: text('"Everything about My Product"').optional(),
    url: siteUrl.optional(),
    favicon: href.optional(),
    navbar: z
      .strictObject({
        title: z.string().optional(),
        logo: z
          .strictObject({
            alt: z.string().optional(),
            src: href.optional(),
            srcDark: href.optional(),
            href: href.optional(),
            target: z.enum(['_self', '_blank']).optional(),
          })
          .optional(),
        items: z.array(navbarItem).optional(),
        hideOnScroll: looseBoolean().optional(),
      })
      .optional(),
    footer: z
      .strictObject({
        social: z
          .array(z.strictObject({ name: text('"GitHub"'), href, icon: hinted(z.enum(icons), oneOf(icons), '"link"') }))
          .optional(),
        links: z
          .array(z.strictObject({ label: text('"Privacy Policy"'), href, newTab: z.boolean().default(false) }))
          .optional(),
        copyright: z.string().optional(),
      })
      .optional(),
    colorMode: z.strictObject(colorModeShape).optional(),
    announcementBar: z.strictObject(announcementBarShape(colour, z.boolean())).optional(),
    docs: z.strictObject({ versionLabel: z.string().optional(), routeBasePath: routeBasePath.optional() }).optional(),
    onBrokenLinks: policy.optional(),
    onBrokenMarkdownLinks: policy.optional(),
    onBrokenAnchors: policy.optional(),
    /** Docusaurus's `trailingSlash`: `true` links and serves pages as `/docs/intro/`. */
    trailingSlash: z.boolean().optional(),
    markdown: z
      .strictObject({
        format: hinted(z.enum(['mdx', 'md', 'detect']), 'one of "mdx", "md", "detect"', '"detect"').optional(),
        mdx1Compat: z
          .strictObject({
            comments: z.boolean().optional(),
            admonitions: z.boolean().optional(),
            headingIds: z.boolean().optional(),
          })
          .optional(),
      })
      .optional(),
  }),
  'an object of settings',
  "an object such as { title: 'My Docs' } (export default defineSiteConfig({ … }))",
);

/** What `site.config.ts` exports: any part of the configuration; the rest keeps its default. */
export type SiteConfigInput = z.input<typeof siteConfigSchema>;

type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends (infer U)[] ? U[] : T[K] extends object ? DeepPartial<T[K]> : T[K];
};
/** What the schema gives must be a part of SiteConfig, so merging it over the defaults makes one. */
export type SiteConfigPart =
  z.output<typeof siteConfigSchema> extends DeepPartial<SiteConfig> ? z.output<typeof siteConfigSchema> : never;

function oneOf(values: readonly string[]): string {
  return `one of ${values.map((value) => JSON.stringify(value)).join(', ')}`;
}
