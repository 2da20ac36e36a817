// `docusaurus.config.(js|ts|mjs)`: the parts we read (title, url, navbar, footer, colour mode,
// announcement bar, link policies, the classic preset's docs options: routeBasePath, path,
// sidebarPath, the versions' options), typed as Docusaurus accepts them. Real configs carry
// many keys we do not use: those are left alone (scripts/compiler/config/unserved.ts names the ones that matter).

import { z } from 'zod';
import { hinted } from './hints.ts';
import {
  announcementBarShape,
  colorModeShape,
  looseBoolean,
  looseHref,
  routeBasePath,
  siteUrl,
  text,
} from './values.ts';

/** Docusaurus's ReportingSeverity; 'log' reads as 'warn' here. */
const severity = hinted(
  z.enum(['ignore', 'log', 'warn', 'throw']),
  'one of "ignore", "log", "warn", "throw"',
  '"throw", "warn", "log" or "ignore"',
);

const reportingFunction = hinted(
  z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function'),
  'one of "ignore", "log", "warn", "throw", or a function',
  '"throw", "warn", "log" or "ignore"',
);

const markdownFormat = hinted(z.enum(['mdx', 'md', 'detect']), 'one of "mdx", "md", "detect"', '"detect"');

const link = {
  label: text('"Docs"').optional(),
  to: text('"/docs/intro"').optional(),
  href: looseHref.optional(),
};

// `type` says what an item is: a plain link has none; 'doc' names a doc, 'docSidebar' a sidebar.
const navbarItem = z.looseObject({
  ...link,
  position: z.enum(['left', 'right']).optional(),
  type: z.string().optional(),
  docId: text('"intro"').optional(),
  sidebarId: text('"tutorialSidebar"').optional(),
  docsPluginId: z.string().optional(),
});

// A column { title, items } or, in a simple footer, a link itself.
const footerEntry = z.looseObject({
  ...link,
  title: z.string().nullish(),
  items: z.array(z.looseObject(link)).optional(),
});

// The classic preset's options; `docs: false` turns the docs plugin off. `path` (default 'docs')
// and `sidebarPath` are relative to the site folder, or absolute (`require.resolve('./sidebars.json')`).
const docsOptions = z.looseObject({
  routeBasePath: routeBasePath.optional(),
  path: text('"docs" or "../docs"').optional(),
  sidebarPath: z.union([text('"./sidebars.js"'), z.literal(false)]).optional(),
  // Versioned docs (versions.json): which versions to serve, the one at routeBasePath, and per version
  // its label, path (under routeBasePath) and banner.
  lastVersion: text('"1.0.0" or "current"').optional(),
  includeCurrentVersion: looseBoolean().optional(),
  onlyIncludeVersions: z.array(text('"current"')).optional(),
  versions: z
    .record(
      z.string(),
      z.looseObject({
        label: z.string().optional(),
        path: z.string().optional(),
        banner: hinted(
          z.enum(['none', 'unreleased', 'unmaintained']),
          'one of "none", "unreleased", "unmaintained"',
          '"unmaintained"',
        ).optional(),
      }),
    )
    .optional(),
});
// `theme.customCss`: one stylesheet or a list, relative to the site folder (scripts/compiler/assets/site-styles.ts).
const themeOptions = z.looseObject({
  customCss: z.union([text('"./src/css/custom.css"'), z.array(text('"./src/css/custom.css"'))]).optional(),
});
const presetOptions = z.looseObject({
  docs: z.union([z.literal(false), docsOptions]).optional(),
  theme: themeOptions.optional(),
});
const preset = z.union([z.string(), z.tuple([z.string(), presetOptions.optional()]), z.literal(false), z.null()]);

export const docusaurusConfigSchema = hinted(
  z.looseObject({
    title: text('"My Site"').optional(),
    titleDelimiter: z.string().optional(),
    tagline: z.string().optional(),
    url: siteUrl.optional(),
    favicon: z.string().optional(),
    onBrokenLinks: severity.optional(),
    onBrokenMarkdownLinks: severity.optional(),
    onBrokenAnchors: severity.optional(),
    trailingSlash: z.boolean().optional(),
    markdown: z
      .looseObject({
        format: markdownFormat.optional(),
        mdx1Compat: z
          .looseObject({
            comments: looseBoolean().optional(),
            admonitions: looseBoolean().optional(),
            headingIds: looseBoolean().optional(),
          })
          .optional(),
        hooks: z
          .looseObject({
            // Docusaurus 3.9 also takes a function; we cannot run it here, so it reads as 'warn'.
            onBrokenMarkdownLinks: z.union([severity, reportingFunction]).optional(),
          })
          .optional(),
      })
      .optional(),
    presets: z.array(preset).optional(),
    themeConfig: z
      .looseObject({
        navbar: z
          .looseObject({
            title: z.string().nullish(),
            hideOnScroll: looseBoolean().optional(),
            logo: z
              .looseObject({
                alt: z.string().optional(),
                src: z.string().optional(),
                srcDark: z.string().optional(),
                href: z.string().optional(),
                target: z.string().optional(),
              })
              .optional(),
            items: z.array(navbarItem).optional(),
          })
          .optional(),
        footer: z.looseObject({ links: z.array(footerEntry).optional(), copyright: z.string().optional() }).optional(),
        colorMode: z.looseObject(colorModeShape).optional(),
        announcementBar: z.looseObject(announcementBarShape(z.string(), looseBoolean())).optional(),
      })
      .optional(),
  }),
  'an object of settings',
  'an object (module.exports = { … } or export default { … })',
);

export type DocusaurusConfig = z.output<typeof docusaurusConfigSchema>;
