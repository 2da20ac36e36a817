import { describe, it, beforeAll } from 'vitest';
import { buildSite, type BuiltSite } from '../support/sites.ts';
describe('x', () => {
  let r: BuiltSite;
  beforeAll(async () => { r = await buildSite('tests/fixtures/docusaurus-math'); });
  it('y', () => {
    console.log(r.warnings.map((w) => `${w.file}: ${w.problem}`));
    for (const p of r.pages) console.log(p.route, JSON.stringify(p.tree).slice(0, 1500), p.styles);
  });
});
