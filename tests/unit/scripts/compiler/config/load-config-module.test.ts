// An ES module config (docusaurus.config.mjs) imports the site's installed packages as Node does:
// the default import of an ES-only package (remark-math, rehype-katex) is its default export, and
// the default import of a CommonJS package is its module.exports.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfigModule } from '../../../../../scripts/compiler/config/load-config-module.ts';
import { writeSite } from '../../../support/sites.ts';

const packages = {
  'node_modules/remark-note/package.json': JSON.stringify({
    name: 'remark-note',
    type: 'module',
    exports: './index.js',
  }),
  'node_modules/remark-note/index.js': "export default function remarkNote() {}\nexport const noteLabel = 'Note';\n",
  'node_modules/plain-theme/package.json': JSON.stringify({ name: 'plain-theme', main: 'index.js' }),
  'node_modules/plain-theme/index.js': "module.exports = { name: 'plain' };\n",
};

interface Loaded {
  title: string;
  tagline: string;
  presets: [string, { docs: { remarkPlugins: unknown[] } }][];
}

async function load(config: string): Promise<Loaded> {
  const site = await writeSite({ ...packages, 'docusaurus.config.mjs': config });
  return (await loadConfigModule(join(site, 'docusaurus.config.mjs'))).value as Loaded;
}

describe('an ES module config', () => {
  it('gets the default export of an ES-only package it imports, and its named exports', async () => {
    const config = await load(
      [
        "import remarkNote, { noteLabel } from 'remark-note';",
        "import plainTheme from 'plain-theme';",
        "export default { title: noteLabel, tagline: plainTheme.name, presets: [['classic', { docs: { remarkPlugins: [remarkNote] } }]] };",
      ].join('\n'),
    );
    const plugin = config.presets[0]![1].docs.remarkPlugins[0];
    expect(typeof plugin).toBe('function');
    expect((plugin as () => void).name).toBe('remarkNote');
    expect({ title: config.title, tagline: config.tagline }).toEqual({ title: 'Note', tagline: 'plain' });
  });

  it('gets it from `(await import(pkg)).default` in an async config, as Docusaurus documents', async () => {
    const config = await load(
      [
        'export default async function createConfig() {',
        "  const remarkNote = (await import('remark-note')).default;",
        "  return { title: 'Async', tagline: '', presets: [['classic', { docs: { remarkPlugins: [remarkNote] } }]] };",
        '}',
      ].join('\n'),
    );
    const created = await (config as unknown as () => Promise<Loaded>)();
    expect((created.presets[0]![1].docs.remarkPlugins[0] as () => void).name).toBe('remarkNote');
  });
});
