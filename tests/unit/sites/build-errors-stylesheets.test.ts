// A site component's stylesheet that does not compile fails the build as a stylesheet error,
// with its own file and line and what to do, not as the page's MDX.

import { describe, it } from 'vitest';
import { page, writeSite } from '../support/sites.ts';
import { expectBuildFailure } from '../support/build-failure.ts';

const component = (stylesheet: string) =>
  [
    "import React from 'react';",
    `import styles from './${stylesheet}';`,
    'export default function Card() {',
    '  return <p className={styles.card}>Card</p>;',
    '}',
    '',
  ].join('\n');

describe('stylesheet errors', () => {
  it('names the Sass module, its line and the fix when it does not compile', async () => {
    const siteDir = await writeSite({
      'docs/a.mdx': page('A', "import Card from '@site/src/components/Card';", '', '<Card />'),
      'src/components/Card.jsx': component('Card.module.scss'),
      'src/components/Card.module.scss': '.card {\n  color: red;\n}\n\n.broken {\n  color: $missing;\n}\n',
    });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'src/components/Card.module.scss',
      line: 6,
      problem: /^stylesheet error: /,
      fix: /fix the CSS at that line/,
    });
  });

  it('names the CSS module and its line when a class it composes from has no file', async () => {
    const siteDir = await writeSite({
      'docs/a.mdx': page('A', "import Card from '@site/src/components/Card';", '', '<Card />'),
      'src/components/Card.jsx': component('Card.module.css'),
      'src/components/Card.module.css': ".card {\n  composes: base from './missing.module.css';\n}\n",
    });
    (await expectBuildFailure(siteDir)).onlyError({
      file: 'src/components/Card.module.css',
      line: 2,
      problem: /^stylesheet error: .*missing\.module\.css/,
      fix: /fix the CSS at that line/,
    });
  });
});
