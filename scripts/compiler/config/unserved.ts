// What a Docusaurus site has that this engine does not serve: other locales, other docs plugin
// instances under the preset's id (and other plugins), swizzled theme components, and packages the site folder lacks.
// Each is said once, as a build warning, never silently dropped.

import { BuildError } from '../errors.ts';
import { uniqueLine } from '../schemas/source-lines.ts';
import { classicPreset } from './presets.ts';
import { unrenderedSwizzledComponents } from './swizzled-components.ts';
import { isServedDocsInstance } from './docs-instances.ts';
import { nameAndOptions } from './plugin-entries.ts';

type Options = Record<string, unknown>;

interface ConfigFile {
  /** The name shown in messages, e.g. `docusaurus.config.mjs`. */
  name: string;
  text: string;
}

/** Warnings for the parts of a raw (as exported) Docusaurus config that the build leaves out. */
export function unservedFeatures(
  raw: unknown,
  siteDir: string,
  file: ConfigFile,
  ranForGlobalData: Set<unknown> = new Set(),
): BuildError[] {
  const config = isObject(raw) ? raw : {};
  const warn = (key: string, value: unknown, problem: string, fix: string) =>
    new BuildError(file.name, uniqueLine(file.text, [key], value), problem, fix);
  const warnings: BuildError[] = [];
  const preset = classicPreset(config.presets, siteDir);
  if (preset?.wrapper) warnings.push(wrapperWarning(preset.name, file));

  const otherPlugins: string[] = [];
  for (const plugin of asArray(config.plugins)) {
    // The site's own plugins run for their global data are said once there (site-plugin-data.ts).
    if (ranForGlobalData.has(Array.isArray(plugin) ? plugin[0] : plugin)) continue;
    const [name, options] = nameAndOptions(plugin);
    // Instances with an id of their own are built beside the preset's docs (docs-instances.ts).
    if (isServedDocsInstance(name, options)) continue;
    if (/content-docs/.test(name)) {
      const path = typeof options.path === 'string' ? options.path : 'docs';
      warnings.push(
        warn(
          'id',
          options.id,
          `docs plugin instance "default" (${path}/) is not served: only the classic preset's docs are built under that id`,
          `give the instance an id of its own (id: 'more'), or remove it from plugins`,
        ),
      );
    } else if (!/content-blog|docusaurus-plugin-sass|plugin-client-redirects/.test(name)) {
      // Blogs are served (scripts/compiler/blog/); Sass is compiled by the engine (assets/sass-stylesheets.ts);
      // client redirects are route-table redirects (navigation/client-redirects.ts).
      otherPlugins.push(name);
    }
  }
  for (const theme of asArray(config.themes)) {
    const [name] = nameAndOptions(theme);
    // Diagrams are drawn by the engine itself (compile/markdown/mermaid.ts).
    if (!/theme-mermaid/.test(name)) otherPlugins.push(`${name} (theme)`);
  }
  if (otherPlugins.length > 0) {
    warnings.push(
      warn(
        'plugins',
        undefined,
        `plugins and themes are not run: ${otherPlugins.join(', ')}`,
        'what they add to the site (pages, scripts, styles) is missing; remove them from plugins to silence this',
      ),
    );
  }

  const i18n = isObject(config.i18n) ? config.i18n : {};
  const defaultLocale = typeof i18n.defaultLocale === 'string' ? i18n.defaultLocale : 'en';
  const locales = asArray(i18n.locales).filter((locale) => typeof locale === 'string' && locale !== defaultLocale);
  if (locales.length > 0) {
    warnings.push(
      warn(
        'locales',
        i18n.locales,
        `i18n locales are not served: ${locales.join(', ')} (pages are built in ${defaultLocale} only)`,
        `set i18n.locales to ['${defaultLocale}'] to say the site has one language`,
      ),
    );
  }

  for (const component of unrenderedSwizzledComponents(siteDir)) {
    warnings.push(
      new BuildError(
        component.file,
        undefined,
        `swizzled theme component ${component.name} is not used: the engine draws the page around the content itself`,
        'move what it adds into the content or the site config (navbar, footer, head tags), or remove it to silence this',
      ),
    );
  }
  return warnings;
}

/** A preset that wraps the classic one: its options are read, what it adds is not. */
function wrapperWarning(name: string, file: ConfigFile): BuildError {
  return new BuildError(
    file.name,
    lineNaming(file.text, name),
    `preset "${name}" is read as the classic preset it wraps: its docs, blog and theme options are used, what the preset adds of its own (plugins, pages, components) is not run`,
    `replace it with '@docusaurus/preset-classic' and the same options to silence this, if the site needs nothing more of it`,
  );
}

/** The one line that names `name` in quotes, if only one does. */
function lineNaming(text: string, name: string): number | undefined {
  const lines = text
    .split('\n')
    .flatMap((line, index) => (/['"`]/.test(line) && line.includes(name) ? [index + 1] : []));
  return lines.length === 1 ? lines[0] : undefined;
}

/** One warning per package the config imports and the site folder lacks, naming the keys it fed. */
export function missingPackageWarnings(missing: Set<string>, fed: Map<string, string[]>, file: string): BuildError[] {
  return [...missing].map((name) => {
    const keys = fed.get(name);
    return new BuildError(
      file,
      undefined,
      keys
        ? `package "${name}" is not installed in the site folder: ${keys.join(', ')} (which it feeds) ${keys.length > 1 ? 'are' : 'is'} left out`
        : `package "${name}" is not installed in the site folder: a stand-in took its place while the config ran`,
      'install the site’s dependencies (npm install in the site folder) so the config gets the real package',
    );
  });
}

function isObject(value: unknown): value is Options {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
