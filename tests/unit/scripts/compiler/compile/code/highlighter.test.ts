// Code is tokenised by Shiki's JavaScript regex engine (scripts/compiler/compile/code/highlighter.ts): the
// tokens must be the ones Oniguruma, the engine the grammars are written for, gives. `npm start`
// warms its highlighter's grammars before the first edit.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createHighlighter, type Highlighter, type RegexEngine } from 'shiki';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  codeRegexEngine,
  createCodeHighlighting,
  loadedLanguage,
  noteLanguagesLoaded,
  preloadedLanguages,
  sharedCodeOptions,
  warmLanguages,
  type CodeHighlighting,
} from '../../../../../../scripts/compiler/compile/code/highlighter.ts';

const theme = 'github-light';
/** Strings, comments, numbers, markup and operators of many languages, for every grammar to bite on. */
const mixedSample = `// line comment
import { a } from "b"; # hash comment
fn main() { let x = 0x1F + 3.14e-2; print!("s {x} \\n"); }
def f(a, *b, **c): return [i for i in b if i > 'q']
<div class="x">{value}</div> -- sql comment
SELECT * FROM t WHERE id = 1;  /* block */ $var @attr %macro
key: value
  - item: "str" 'single' \`tpl \${1}\`
`;

/** Every fenced code block of the SELF site and the test fixtures, with its language. */
function codeFences(): { language: string; code: string }[] {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path);
      return /\.mdx?$/.test(name) ? [path] : [];
    });
  return ['content', 'tests/fixtures'].flatMap(files).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^(`{3,}|~{3,})[ \t]*([\w+-]+)[^\n]*\n([\s\S]*?)^\1/gm)].map((match) => ({
      language: match[2]!,
      code: match[3]!,
    })),
  );
}

let native: Highlighter;
let oniguruma: Highlighter;

beforeAll(async () => {
  native = await createHighlighter({ themes: [theme], langs: preloadedLanguages, engine: codeRegexEngine() });
  oniguruma = await createHighlighter({ themes: [theme], langs: preloadedLanguages });
});

// As the build does: a busy machine must not cut a line's tokens short (code-highlighter.ts).
const hast = (highlighter: Highlighter, code: string, lang: string) =>
  JSON.stringify(highlighter.codeToHast(code, { lang, theme, tokenizeTimeLimit: 60_000 }));

describe('the regex engine code is tokenised with', () => {
  it('gives the tokens Oniguruma gives, on every code block of the SELF site and fixtures', () => {
    const loaded = new Set(native.getLoadedLanguages());
    const blocks = codeFences().filter(({ language }) => loaded.has(language));
    expect(blocks.length).toBeGreaterThan(25);
    const differing = blocks.filter(
      ({ language, code }) => hast(native, code, language) !== hast(oniguruma, code, language),
    );
    expect(differing.map(({ language, code }) => `${language}: ${code.slice(0, 40)}`)).toEqual([]);
  });

  it('gives the tokens Oniguruma gives in every language loaded up front and in one loaded later', async () => {
    const later = ['scala', 'racket', 'powershell', 'cpp'];
    await native.loadLanguage(...(later as Parameters<Highlighter['loadLanguage']>));
    await oniguruma.loadLanguage(...(later as Parameters<Highlighter['loadLanguage']>));
    const differing = [...preloadedLanguages, ...later].filter(
      (language) => hast(native, mixedSample, language) !== hast(oniguruma, mixedSample, language),
    );
    expect(differing).toEqual([]);
  });
});

/** The build's regex engine, counting the pattern lists it compiles (a grammar rule's, once each). */
function countingEngine(): { engine: RegexEngine; compiled: () => number } {
  const engine = codeRegexEngine();
  let compiled = 0;
  return {
    engine: {
      createScanner: (patterns) => {
        compiled++;
        return engine.createScanner(patterns);
      },
      createString: (text) => engine.createString(text),
    },
    compiled: () => compiled,
  };
}

/** Blocks as a generated docs page holds them, none of them the warm-up's lines. */
const pageBlocks = [
  {
    lang: 'ts',
    code: 'const stadouhakClient = await haior.stadouhak({ client: 181 });\nexport type Woply = { id: string };\n',
  },
  { lang: 'rust', code: 'pub fn trigger(key: &str) -> Result<u32, Error> {\n    Ok(key.len() as u32)\n}\n' },
  { lang: 'bash', code: 'npx self-docs deploy --local && echo "ok"\n' },
  { lang: 'yaml', code: 'build:\n  pages: 10000 # all\n  output: dist/\n' },
  { lang: 'json', code: '{ "route": "/docs/intro", "weight": 0.5, "draft": false }\n' },
  // Not loaded up front: a compile thread loaded it for a page of the site.
  { lang: 'java', code: 'public final class Trigger { static int key(String s) { return s.length(); } }\n' },
];

/** Pattern lists compiled while highlighting the page's blocks in `highlighting`. */
async function compiledFor(highlighting: CodeHighlighting, compiled: () => number): Promise<number> {
  for (const { lang } of pageBlocks) expect(await loadedLanguage(highlighting, lang)).toBe(lang);
  const before = compiled();
  for (const { lang, code } of pageBlocks)
    highlighting.highlighter.codeToHast(code, { lang, ...sharedCodeOptions(highlighting) });
  return compiled() - before;
}

describe('the warm-up of npm start’s highlighter', () => {
  it('compiles the grammars a page’s code blocks need, loaded up front or by a compile thread, so that the first edit of such a page compiles almost none', async () => {
    // Warmed first: the cold highlighter's loading Java below notes it as loaded later too.
    const warm = countingEngine();
    const warmed = await createCodeHighlighting(warm.engine);
    noteLanguagesLoaded(['java']);
    await warmLanguages(warmed);
    const warmPatterns = await compiledFor(warmed, warm.compiled);
    const cold = countingEngine();
    const coldHighlighting = await createCodeHighlighting(cold.engine);
    const coldPatterns = await compiledFor(coldHighlighting, cold.compiled);
    expect(coldPatterns).toBeGreaterThan(20);
    expect(warmPatterns).toBeLessThanOrEqual(coldPatterns / 5);
    // The same HTML either way.
    const html = (highlighting: CodeHighlighting) =>
      pageBlocks.map(({ lang, code }) =>
        JSON.stringify(highlighting.highlighter.codeToHast(code, { lang, ...sharedCodeOptions(highlighting) })),
      );
    expect(html(warmed)).toEqual(html(coldHighlighting));
  });

  it('stops between two languages when an edit waits', async () => {
    const highlighting = await createCodeHighlighting();
    const tokenise = highlighting.highlighter.codeToHast.bind(highlighting.highlighter);
    const warmedLanguages: string[] = [];
    highlighting.highlighter.codeToHast = (code, options) => {
      warmedLanguages.push(String(options.lang));
      return tokenise(code, options);
    };
    let asked = 0;
    expect(await warmLanguages(highlighting, () => ++asked > 3)).toBe(false);
    expect(warmedLanguages).toHaveLength(3);

    warmedLanguages.length = 0;
    expect(await warmLanguages(highlighting)).toBe(true);
    expect(warmedLanguages.length).toBeGreaterThanOrEqual(preloadedLanguages.length);
  });
});
