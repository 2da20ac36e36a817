// The classic theme's translation files of the locale a site is built in. Docusaurus reads
// `i18n/<locale>/docusaurus-theme-classic/navbar.json` and `footer.json` for the default locale
// too, so a site that writes its navbar and footer labels as keys (`label: 'docs'`, translated
// per locale with Crowdin) shows their messages ("Docs"), not the keys. We build the default
// locale only, and translate the config's navbar and footer as its theme does, before anything
// reads them: the navbar, the footer and `useDocusaurusContext()` all see the messages.

import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { BuildError } from '../errors.ts';

/** A translation file: `{ "<key>": { "message": "…", "description": "…" } }`. */
type Messages = Map<string, string>;

type Raw = Record<string, unknown>;

/** The config with its navbar and footer translated, or the config itself when there is nothing to apply. */
export function withThemeTranslations(config: unknown, siteDir: string): unknown {
  if (!isObject(config) || !isObject(config.themeConfig)) return config;
  const folder = themeTranslationsFolder(config, siteDir);
  const navbarMessages = readMessages(join(folder, 'navbar.json'), siteDir);
  const footerMessages = readMessages(join(folder, 'footer.json'), siteDir);
  if (!navbarMessages && !footerMessages) return config;
  const { navbar, footer } = config.themeConfig;
  return {
    ...config,
    themeConfig: {
      ...config.themeConfig,
      ...(navbarMessages && isObject(navbar) ? { navbar: translateNavbar(navbar, navbarMessages) } : {}),
      ...(footerMessages && isObject(footer) ? { footer: translateFooter(footer, footerMessages) } : {}),
    },
  };
}

/** `i18n/<locale>/docusaurus-theme-classic`: `i18n.path` and the locale's own `path` as Docusaurus reads them. */
function themeTranslationsFolder(config: Raw, siteDir: string): string {
  const i18n = isObject(config.i18n) ? config.i18n : {};
  const locale = typeof i18n.defaultLocale === 'string' ? i18n.defaultLocale : 'en';
  const localeConfig = isObject(i18n.localeConfigs) ? i18n.localeConfigs[locale] : undefined;
  const localePath = isObject(localeConfig) && typeof localeConfig.path === 'string' ? localeConfig.path : locale;
  const root = resolve(siteDir, typeof i18n.path === 'string' ? i18n.path : 'i18n');
  return resolve(root, localePath, 'docusaurus-theme-classic');
}

function readMessages(path: string, siteDir: string): Messages | undefined {
  if (!existsSync(path)) return undefined;
  const file = relative(siteDir, path);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new BuildError(
      file,
      undefined,
      `the translation file is not valid JSON: ${(error as Error).message}`,
      'fix the JSON, or delete the file to show the labels of docusaurus.config as they are',
    );
  }
  if (!isObject(parsed)) {
    throw new BuildError(
      file,
      undefined,
      'the translation file must hold an object of { "<key>": { "message": "…" } }',
      'write each translation as "item.label.docs": { "message": "Docs" }',
    );
  }
  const messages: Messages = new Map();
  for (const [key, entry] of Object.entries(parsed)) {
    if (isObject(entry) && typeof entry.message === 'string') messages.set(key, entry.message);
  }
  return messages;
}

/** As the classic theme's `translateNavbar`: the title, the logo's alt, and labels of items and their items. */
function translateNavbar(navbar: Raw, messages: Messages): Raw {
  const label = (item: Raw): Raw =>
    typeof item.label === 'string' ? { ...item, label: messages.get(`item.label.${item.label}`) ?? item.label } : item;
  return {
    ...navbar,
    ...withMessage('title', messages.get('title')),
    ...translatedLogo(navbar.logo, messages),
    ...(Array.isArray(navbar.items)
      ? {
          items: navbar.items.map((item) =>
            !isObject(item)
              ? item
              : Array.isArray(item.items)
                ? { ...label(item), items: item.items.map((inner) => (isObject(inner) ? label(inner) : inner)) }
                : label(item),
          ),
        }
      : {}),
  };
}

/** As the classic theme's `translateFooter`: column titles, link labels, the copyright and the logo's alt. */
function translateFooter(footer: Raw, messages: Messages): Raw {
  const link = (item: unknown) =>
    isObject(item) && typeof item.label === 'string'
      ? { ...item, label: messages.get(`link.item.label.${item.label}`) ?? item.label }
      : item;
  const column = (entry: unknown) =>
    isObject(entry) && Array.isArray(entry.items)
      ? {
          ...entry,
          ...(typeof entry.title === 'string'
            ? { title: messages.get(`link.title.${entry.title}`) ?? entry.title }
            : {}),
          items: entry.items.map(link),
        }
      : link(entry);
  return {
    ...footer,
    ...(Array.isArray(footer.links) ? { links: footer.links.map(column) } : {}),
    ...withMessage('copyright', messages.get('copyright')),
    ...translatedLogo(footer.logo, messages),
  };
}

function translatedLogo(logo: unknown, messages: Messages): Raw {
  const alt = messages.get('logo.alt');
  return isObject(logo) && alt !== undefined ? { logo: { ...logo, alt } } : {};
}

/** The key set to its message when the file translates it, as the theme does even where the config has none. */
function withMessage(key: string, message: string | undefined): Raw {
  return message !== undefined ? { [key]: message } : {};
}

function isObject(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
