// What the config's plugin list draws a "not run" warning for: only what the engine leaves out.

import { describe, expect, it } from 'vitest';
import { unservedFeatures } from '../../../../../scripts/compiler/config/unserved.ts';

function problems(plugins: unknown[]): string[] {
  const config = { plugins };
  const file = { name: 'docusaurus.config.js', text: JSON.stringify(config, null, 2) };
  return unservedFeatures(config, '/no-such-site', file).map((warning) => warning.problem);
}

describe('plugins the engine runs itself', () => {
  it('says nothing of docusaurus-plugin-sass, whose stylesheets the engine compiles', () => {
    expect(problems(['docusaurus-plugin-sass'])).toEqual([]);
  });

  it('says nothing of a blog plugin instance, which is served', () => {
    expect(problems([['@docusaurus/plugin-content-blog', { id: 'news', path: 'news' }]])).toEqual([]);
  });

  it('still names a plugin it does not run', () => {
    expect(problems(['docusaurus-plugin-sass', '@docusaurus/plugin-google-gtag'])).toEqual([
      'plugins and themes are not run: @docusaurus/plugin-google-gtag',
    ]);
  });
});
