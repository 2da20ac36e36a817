// Top-level Docusaurus config keys the build does not serve and that change what readers or
// search engines get: each said once as a warning, with its line, instead of dropped silently.

import { BuildError } from '../errors.ts';
import { uniqueLine } from '../schemas/source-lines.ts';

export function unservedKeyWarnings(raw: unknown, file: { name: string; text: string }): BuildError[] {
  const config = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const warnings: BuildError[] = [];
  const warn = (key: string, problem: string, fix: string) =>
    warnings.push(new BuildError(file.name, uniqueLine(file.text, [key], config[key]), problem, fix));

  const staticDirs = Array.isArray(config.staticDirectories) ? config.staticDirectories : undefined;
  const others = (staticDirs ?? []).filter(
    (dir) => typeof dir === 'string' && dir.replace(/^\.\/|\/$/g, '') !== 'static',
  );
  if (others.length > 0) {
    warn(
      'staticDirectories',
      `staticDirectories: only static/ is served; ${others.join(', ')} is left out`,
      'move those files into static/',
    );
  }
  if (Array.isArray(config.clientModules) && config.clientModules.length > 0) {
    warn(
      'clientModules',
      `clientModules are not run: ${config.clientModules.length === 1 ? 'one module' : `${config.clientModules.length} modules`} the site loads on every page`,
      'load what they do from a component a page imports, or remove them from clientModules',
    );
  }
  if (config.noIndex === true) {
    warn(
      'noIndex',
      'noIndex is not applied: search engines may index every page',
      'keep the site from crawlers another way (a robots.txt in static/), or remove noIndex',
    );
  }
  return warnings;
}
