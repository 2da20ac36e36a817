// One Shiki highlighter per thread, and the options both kinds of code block share: Markdown
// fences (highlighted while compiling, fence-highlight.ts) and <CodeBlock> written in JSX
// (highlighted once the page is evaluated, jsx-code-blocks.ts), so both come out alike.

import { setImmediate } from 'node:timers/promises';
import { createHighlighter, isSpecialLang, type CodeToHastOptions, type Highlighter, type RegexEngine } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { codeLinesTransformer, codeTitleTransformer } from './fences.ts';
import { compactCodeTransformer } from './markup.ts';
import { loadCodeThemes } from './themes.ts';
import { codeTokens, type CodeTokens } from './tokens.ts';

export interface CodeHighlighting {
  highlighter: Highlighter;
  /** The one theme code is tokenised with, and what turns its colours into classes (tokens.ts). */
  tokens: CodeTokens;
}

export const preloadedLanguages = [
  'bash',
  'shell',
  'json',
  'ts',
  'tsx',
  'js',
  'jsx',
  'rust',
  'python',
  'go',
  'yaml',
  'toml',
  'text',
  'markdown',
  'html',
  'css',
  'solidity',
  'sql',
  'diff',
];

let highlighting: Promise<CodeHighlighting> | undefined;

/** This thread's highlighter, made on first use. */
export function codeHighlighting(): Promise<CodeHighlighting> {
  highlighting ??= createCodeHighlighting();
  return highlighting;
}

/** A highlighter as the build uses, with the languages loaded up front. */
export async function createCodeHighlighting(engine: RegexEngine = codeRegexEngine()): Promise<CodeHighlighting> {
  const tokens = codeTokens(await loadCodeThemes());
  const highlighter = await createHighlighter({ themes: [tokens.theme], langs: preloadedLanguages, engine });
  return { highlighter, tokens };
}

/** A few lines of imports, calls, strings, numbers, comments and markup, for every grammar to bite on. */
const warmUpCode = `import { a } from "b"; // comment
const x = await a.b({ c: 1, d: 0x1f, e: 'f' }); # comment
public class Point extends Base implements Shape { private int x = 1; Point(int y) { this.x = y; } }
fn main() { let y: Vec<u8> = vec![1]; println!("{y:?} \\n"); }
def f(g, *h): return [i for i in h if i > 2.5]
<div class="x">{value}</div>  SELECT * FROM t WHERE id = 1; /* block */
key: value
  - item: $HOME --flag=1
`;

/**
 * Languages the site's code blocks asked for beyond those loaded up front, loaded by this thread or
 * by a compile thread (which reports them with each batch: threads.ts).
 */
const loadedLater = new Set<string>();

/** The languages loaded on demand, here or in a compile thread. */
export function languagesLoadedLater(): string[] {
  return [...loadedLater];
}

/** Notes languages a compile thread loaded on demand. */
export function noteLanguagesLoaded(languages: Iterable<string>): void {
  for (const language of languages) loadedLater.add(language);
}

/**
 * Tokenises a few lines in every language loaded up front and every one the site's pages loaded
 * later (loading it here). A grammar's patterns become regular expressions the first time a block
 * of its language is highlighted in a thread: the first TypeScript block of a thread took about
 * 0.6 s on a slow machine, the next one 10 ms. `npm start` warms its own thread this way once the
 * first build is served (incremental/warm-rebuild.ts), rather than on the first edit of a page with
 * code. Yields between languages, and stops there once `stop()` says so (an edit waits): returns
 * whether every language was warmed.
 */
export async function warmLanguages(highlighting: CodeHighlighting, stop = () => false): Promise<boolean> {
  for (const wanted of [...preloadedLanguages, ...loadedLater]) {
    if (stop()) return false;
    const lang = await loadedLanguage(highlighting, wanted);
    highlighting.highlighter.codeToHast(warmUpCode, { lang, ...sharedCodeOptions(highlighting) });
    await setImmediate();
  }
  return true;
}

/**
 * TextMate grammars are written for Oniguruma; Shiki's JavaScript engine translates their patterns
 * to native RegExps, which V8 compiles to machine code: less CPU than Oniguruma in WebAssembly on
 * our pages, for the same tokens (a unit test of this file compares them).
 * Forgiving: a pattern it cannot translate (rare, in a few grammars) is skipped rather than
 * failing the page, so such a block is coloured a little less, never lost.
 */
export function codeRegexEngine() {
  return createJavaScriptRegexEngine({ forgiving: true });
}

/** What every code block is highlighted with, besides its language, code and meta. */
export function sharedCodeOptions({ tokens }: CodeHighlighting) {
  return {
    // One theme whose colours stand for the light/dark pairs: see tokens.ts.
    theme: tokens.theme.name!,
    // Shiki's default stops tokenising a line after 0.5 s and colours the rest as one token:
    // on a busy machine the first line that compiles a big grammar's patterns hits it, and
    // the same page came out coloured differently from build to build.
    tokenizeTimeLimit: 60_000,
    // Compacting last: it reads which lines the others marked.
    transformers: [tokens.transformer, codeTitleTransformer, codeLinesTransformer, compactCodeTransformer],
  } satisfies Partial<CodeToHastOptions>;
}

/** `language` once loaded, or plain text when Shiki has no grammar of that name. */
export async function loadedLanguage({ highlighter }: CodeHighlighting, language: string | undefined): Promise<string> {
  if (!language) return 'text';
  if (highlighter.getLoadedLanguages().includes(language) || isSpecialLang(language)) return language;
  try {
    await highlighter.loadLanguage(language as Parameters<Highlighter['loadLanguage']>[0]);
    loadedLater.add(language);
    return language;
  } catch {
    return 'text';
  }
}
