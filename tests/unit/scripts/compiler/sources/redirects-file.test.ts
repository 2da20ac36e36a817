// `static/_redirects` in Netlify's syntax: every form a line takes, the warnings (with their line)
// for what the worker cannot apply, where each rule goes, and how a pattern is matched.

import { describe, expect, it } from 'vitest';
import { firstLanguage, matchRule, type RedirectRule } from '../../../../../client/contract/redirect-rules.ts';
import { kvKeys } from '../../../../../client/contract/storage.ts';
import { planRedirects, routesReplaced } from '../../../../../scripts/compiler/navigation/redirect-plan.ts';
import { parseRedirects } from '../../../../../scripts/compiler/sources/redirects-file.ts';
import { buildSite, page, writeSite } from '../../../support/sites.ts';

/** The one rule a line parses to. */
function ruleOf(line: string): RedirectRule {
  const { rules, warnings } = parseRedirects(line);
  expect(warnings.map((warning) => warning.message)).toEqual([]);
  expect(rules).toHaveLength(1);
  return rules[0]!;
}

/** The one warning a line gives, as `line: problem`. */
function warningOf(text: string): string {
  const { rules, warnings } = parseRedirects(text);
  expect(rules).toEqual([]);
  expect(warnings).toHaveLength(1);
  return `${warnings[0]!.line}: ${warnings[0]!.problem}`;
}

describe('parsing a line', () => {
  it('reads a plain move, 301 when no status is given, trailing slashes dropped', () => {
    expect(ruleOf('/old/  /new/')).toEqual({ line: 1, from: '/old', to: '/new', status: 301, force: false });
  });

  it.each([200, 301, 302, 303, 307, 308, 404])('reads status %i', (status) => {
    expect(ruleOf(`/a /b ${status}`).status).toBe(status);
  });

  it('reads the force suffix', () => {
    expect(ruleOf('/a /b 302!')).toMatchObject({ status: 302, force: true });
  });

  it('keeps splats and placeholders in the source', () => {
    expect(ruleOf('/news/* /blog/:splat')).toMatchObject({ from: '/news/*', to: '/blog/:splat' });
    expect(ruleOf('/blog/:year/:slug /posts/:slug 301')).toMatchObject({ from: '/blog/:year/:slug' });
  });

  it('reads query conditions between source and target', () => {
    expect(ruleOf('/store id=:id kind=book /books/:id 301')).toMatchObject({
      from: '/store',
      query: { id: ':id', kind: 'book' },
      to: '/books/:id',
    });
  });

  it('reads an absolute-URL source as a host and a path', () => {
    expect(ruleOf('https://Old.Example/* https://new.example/:splat 301!')).toEqual({
      line: 1,
      host: 'old.example',
      from: '/*',
      to: 'https://new.example/:splat',
      status: 301,
      force: true,
    });
    expect(ruleOf('http://old.example https://new.example 301').from).toBe('/');
  });

  it('reads Language and Country conditions, lower case, with or without a status', () => {
    expect(ruleOf('/a /b 302 Language=en,PT-br Country=US')).toMatchObject({
      status: 302,
      language: ['en', 'pt-br'],
      country: ['us'],
    });
    expect(ruleOf('/a /b country=de')).toMatchObject({ status: 301, country: ['de'] });
  });

  it('keeps a target’s query string and fragment as written', () => {
    expect(ruleOf('/a /b/?x=1#top').to).toBe('/b/?x=1#top');
  });

  it('skips comments and blank lines, and counts lines from 1', () => {
    const { rules } = parseRedirects('# moved pages\n\n/a /b # old name\n\t\n/c /d\r\n');
    expect(rules.map((rule) => [rule.line, rule.from, rule.to])).toEqual([
      [3, '/a', '/b'],
      [5, '/c', '/d'],
    ]);
  });
});

describe('lines the worker cannot apply: one warning each, with the line', () => {
  it.each([
    ['/a /b 302 Role=admin', 'the condition "Role=admin" cannot be applied'],
    ['/a /b Cookie=ab_test', 'the condition "Cookie=ab_test" cannot be applied'],
    ['/a /b 302 Language=', 'the condition "Language=" cannot be applied'],
    ['/a /b 410', 'status 410 is not served'],
    ['/api/* https://api.example/:splat 200', 'a 200 rule to another site would proxy it'],
    ['/a/:id /b/:slug', 'the target uses :slug, which the source does not bind'],
    ['/a/* https://:splat.example/ 301', 'the target’s host has a placeholder'],
    ['/a/*/b /c', 'a splat (*) may only end the source'],
    ['/a', 'the line has no target'],
    ['old /new', 'the source is not a path or a URL'],
    ['/a?x=1 /b', 'the source has a query string'],
    ['/a x /b', '"x" is neither a target nor a query condition'],
  ])('%s', (line, problem) => {
    expect(warningOf(`# header\n${line}`)).toMatch(new RegExp(`^2: ${problem.replace(/[()*?.]/g, '\\$&')}`));
  });

  it('names the file and quotes the line in the message', () => {
    const { warnings } = parseRedirects('/a /b 418');
    expect(warnings[0]!.message).toContain('static/_redirects:1: status 418 is not served: "/a /b 418"');
  });

  it('goes on after a bad line', () => {
    const { rules, warnings } = parseRedirects('/a /b 418\n/c /d');
    expect(rules.map((rule) => rule.from)).toEqual(['/c']);
    expect(warnings).toHaveLength(1);
  });
});

describe('where each rule goes', () => {
  const routes = new Set(['/docs/intro', '/docs/api', '/docs/not-found']);
  const plan = (text: string) => planRedirects(parseRedirects(text).rules, routes, '/nonexistent-static');

  it('puts plain sources in the route table and patterns in the list, in order', () => {
    const result = plan('/old /docs/intro\n/v1/* /docs/:splat\n/q id=:id /docs/:id\nhttps://x.example/a /docs/api');
    expect([...result.exact.keys()]).toEqual(['/old']);
    expect(result.patterns.map((rule) => rule.line)).toEqual([2, 3, 4]);
  });

  it('keeps a plain rule behind an earlier conditional rule for the same path', () => {
    const result = plan('/start /docs/api 302 Language=fr\n/start /docs/intro 302');
    expect(result.exact.size).toBe(0);
    expect(result.patterns.map((rule) => rule.line)).toEqual([1, 2]);
  });

  it('keeps a plain rule behind an earlier pattern that matches it', () => {
    const result = plan('/v1/* /docs/:splat\n/v1/intro /docs/api');
    expect(result.exact.size).toBe(0);
    expect(result.patterns.map((rule) => rule.line)).toEqual([1, 2]);
  });

  it('warns about a rule a page answers before, unless it is forced', () => {
    const result = plan('/docs/api /docs/intro 301\n/docs/intro /docs/api 301!');
    expect(result.warnings.map((warning) => [warning.line, warning.problem])).toEqual([
      [1, '/docs/api is a page, which answers before any rule'],
    ]);
    expect([...result.exact.keys()]).toEqual(['/docs/intro']);
  });

  it('lets the first of two rules for one path win', () => {
    const result = plan('/a /docs/intro\n/a /docs/api');
    expect(result.exact.get('/a')).toMatchObject({ to: '/docs/intro' });
    expect(result.warnings[0]!.line).toBe(2);
  });

  it('serves rewrites and not-found pages from pages only', () => {
    const result = plan('/x /docs/api 200\n/* /404.html 404\n/docs/* /docs/not-found 404');
    expect(result.exact.get('/x')).toEqual({ kind: 'rewrite', to: '/docs/api', status: 200 });
    expect(result.warnings.map((warning) => [warning.line, warning.problem])).toEqual([
      [2, "/404.html is not a page: the engine's own not-found page answers instead"],
    ]);
    expect(result.patterns.map((rule) => rule.line)).toEqual([3]);
  });

  it('checks the page of a target that carries a fragment, a query or a trailing slash, and keeps the target whole', () => {
    const result = plan('/setup /docs/intro#install 301\n/find /docs/api?tab=rest 302\n/old-api /docs/api/ 301');
    expect(result.warnings).toEqual([]);
    expect(result.exact.get('/setup')).toMatchObject({ kind: 'redirect', to: '/docs/intro#install' });
    expect(result.exact.get('/find')).toMatchObject({ kind: 'redirect', to: '/docs/api?tab=rest' });
  });

  it('warns (and keeps) a redirect to a path that is neither a page nor a static file', () => {
    const result = plan('/a /docs/gone');
    expect(result.exact.get('/a')).toMatchObject({ kind: 'redirect', to: '/docs/gone' });
    expect(result.warnings[0]!.problem).toMatch(/neither a page nor a file under static/);
  });
});

describe('matching a pattern', () => {
  const request = (path: string, query = '', host = 'docs.example') => ({
    host,
    path,
    query: new URLSearchParams(query),
  });

  it('fills the splat with the rest of the path, and matches the bare prefix', () => {
    const rule = ruleOf('/news/* /blog/:splat');
    expect(matchRule(rule, request('/news/2024/launch'))).toBe('/blog/2024/launch');
    expect(matchRule(rule, request('/news'))).toBe('/blog');
    expect(matchRule(rule, request('/newsletter'))).toBeUndefined();
  });

  it('binds one segment per placeholder', () => {
    const rule = ruleOf('/blog/:year/:slug /posts/:slug-:year');
    expect(matchRule(rule, request('/blog/2021/hello'))).toBe('/posts/hello-2021');
    expect(matchRule(rule, request('/blog/2021'))).toBeUndefined();
    expect(matchRule(rule, request('/blog/2021/hello/extra'))).toBeUndefined();
  });

  it('binds and checks query parameters, escaping values into the target’s query', () => {
    const rule = ruleOf('/store id=:id kind=book /books?id=:id');
    expect(matchRule(rule, request('/store', 'id=a&b&kind=book'))).toBe('/books?id=a');
    expect(matchRule(rule, request('/store', 'id=a%26b c&kind=book'))).toBe('/books?id=a%26b%20c');
    expect(matchRule(rule, request('/store', 'id=1&kind=film'))).toBeUndefined();
    expect(matchRule(rule, request('/store', 'kind=book'))).toBeUndefined();
  });

  it('matches a language rule on the language or its regional forms, a country rule on the country', () => {
    const language = ruleOf('/a /b 302 Language=en,pt-br');
    expect(matchRule(language, { ...request('/a'), language: 'en-gb' })).toBe('/b');
    expect(matchRule(language, { ...request('/a'), language: 'pt-br' })).toBe('/b');
    expect(matchRule(language, { ...request('/a'), language: 'pt' })).toBeUndefined();
    expect(matchRule(language, { ...request('/a'), language: 'english' })).toBeUndefined();
    expect(matchRule(language, request('/a'))).toBeUndefined();
    const country = ruleOf('/a /b 302 Country=de,fr');
    expect(matchRule(country, { ...request('/a'), country: 'fr' })).toBe('/b');
    expect(matchRule(country, { ...request('/a'), country: 'us' })).toBeUndefined();
  });

  it('matches a host rule only on its host', () => {
    const rule = ruleOf('https://old.example/* https://new.example/:splat');
    expect(matchRule(rule, request('/a/b', '', 'OLD.example'))).toBe('https://new.example/a/b');
    expect(matchRule(rule, request('/a/b'))).toBeUndefined();
  });
});

describe("the reader's first language", () => {
  it.each([
    ['fr-FR,fr;q=0.9,en;q=0.5', 'fr-fr'],
    ['en;q=0.4,de;q=0.8', 'de'],
    ['*', undefined],
    [null, undefined],
  ])('reads %s as %s', (header, language) => {
    expect(firstLanguage(header)).toBe(language);
  });
});

describe('pages a forced rule stands in for', () => {
  const routes = ['/docs/intro', '/docs/api', '/docs/old/a', '/docs/old/b', '/docs/fr'];
  const replaced = (text: string) =>
    [
      ...routesReplaced(planRedirects(parseRedirects(text).rules, new Set(routes), '/nonexistent-static'), routes),
    ].sort();

  it('are the pages at the source of a forced plain or pattern rule', () => {
    expect(replaced('/docs/api /docs/intro 301!\n/docs/old/* /docs/intro 302!')).toEqual([
      '/docs/api',
      '/docs/old/a',
      '/docs/old/b',
    ]);
  });

  it('leave out pages a rule does not force, or forces only for some readers', () => {
    expect(replaced('/docs/api /docs/intro 301\n/docs/fr /docs/intro 302! Language=fr\n/docs/old/* /docs/api')).toEqual(
      [],
    );
  });

  it('are left out of search and the llms files, and still redirect', async () => {
    const site = await buildSite(
      await writeSite({
        'docs/intro.md': page('Intro', 'Welcome to the moved docs.'),
        'docs/legacy.md': page('Legacy', 'Legacy words nobody can reach.'),
        'static/_redirects': '/legacy /intro 301!\n',
      }),
    );
    expect(new Set(site.records.map((record) => new URL(record.url).pathname))).toEqual(new Set(['/intro']));
    const llms = site.manifest.llms.map((hash) => site.entry(kvKeys.llms(hash))).join('\n');
    expect(llms).toContain('/intro');
    expect(llms).not.toContain('/legacy');
    expect(site.routeTargets.get('/legacy')).toEqual({ redirect: '/intro' });
  });
});
