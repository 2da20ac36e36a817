// One generated page: frontmatter, then sections of prose, lists, tables, code and admonitions
// in the proportions the SELF pages have, until the page reaches the length drawn for it.
// Prose avoids `{`, `<` and `>`, which MDX would read as code.

import { between, capitalise, functionWords, pick, type Random } from './corpus-words.ts';

export interface PageLinkTarget {
  title: string;
  /** Relative `.md` path from the page's folder. */
  href: string;
}

export interface PageSpec {
  title: string;
  position?: number;
  keywords?: string[];
  /** Bytes of Markdown to reach (the page stops at the first block past it). */
  targetBytes: number;
  links: PageLinkTarget[];
}

export interface Words {
  /** One word of the ranked vocabulary, Zipf-distributed. */
  word: () => string;
  random: Random;
}

export function sentence(words: Words, min = 8, max = 22): string {
  const { random } = words;
  const tokens: string[] = [];
  const length = between(random, min, max);
  for (let i = 0; i < length; i++) tokens.push(random() < 0.38 ? pick(random, functionWords) : words.word());
  const text = tokens.join(' ');
  return `${capitalise(text)}${random() < 0.1 ? '?' : '.'}`;
}

export function phrase(words: Words, min: number, max: number): string {
  const count = between(words.random, min, max);
  return Array.from({ length: count }, () => capitalise(words.word())).join(' ');
}

export function renderPage(spec: PageSpec, words: Words): string {
  const { random } = words;
  const front = [
    '---',
    `title: "${spec.title}"`,
    ...(spec.position === undefined ? [] : [`sidebar_position: ${spec.position}`]),
    `description: "${sentence(words, 10, 18)}"`,
    ...(spec.keywords ? [`keywords: [${spec.keywords.map((keyword) => `"${keyword}"`).join(', ')}]`] : []),
    '---',
    '',
  ];
  const blocks: string[] = [paragraph(words, spec.links)];
  const headings = new Set<string>([spec.title.toLowerCase()]);
  let size = front.join('\n').length + blocks[0]!.length;
  let inSection = false;
  while (size < spec.targetBytes) {
    const roll = random();
    let block: string;
    if (!inSection || roll < 0.12) {
      block = `## ${uniqueHeading(words, headings)}`;
      inSection = true;
    } else if (roll < 0.2) block = `### ${uniqueHeading(words, headings)}`;
    else if (roll < 0.55) block = paragraph(words, spec.links);
    else if (roll < 0.67) block = list(words, spec.links);
    else if (roll < 0.76) block = codeBlock(words);
    else if (roll < 0.84) block = table(words);
    else if (roll < 0.91) block = admonition(words);
    else block = paragraph(words, spec.links);
    // Stop at whichever side of the target is nearer, so pages average the length drawn.
    if (size + block.length - spec.targetBytes > spec.targetBytes - size) break;
    blocks.push(block);
    size += block.length + 2;
  }
  while (blocks.at(-1)?.startsWith('#')) blocks.pop();
  return `${front.join('\n')}\n${blocks.join('\n\n')}\n`;
}

function uniqueHeading(words: Words, taken: Set<string>): string {
  for (;;) {
    const heading = phrase(words, 2, 5);
    if (!taken.has(heading.toLowerCase())) {
      taken.add(heading.toLowerCase());
      return heading;
    }
  }
}

/** Prose with, now and then, bold, inline code or a link to another page of the corpus. */
function paragraph(words: Words, links: PageLinkTarget[]): string {
  const { random } = words;
  const sentences: string[] = [];
  const count = between(random, 2, 6);
  for (let i = 0; i < count; i++) {
    let text = sentence(words);
    const roll = random();
    if (roll < 0.15 && links.length > 0) {
      const link = pick(random, links);
      text += ` See [${link.title}](${link.href}).`;
    } else if (roll < 0.25) text = text.replace(/ (\w+) /, ' **$1** ');
    else if (roll < 0.35) text = text.replace(/ (\w+) /, ' `$1` ');
    sentences.push(text);
  }
  return sentences.join(' ');
}

function list(words: Words, links: PageLinkTarget[]): string {
  const { random } = words;
  const ordered = random() < 0.3;
  const count = between(random, 3, 7);
  const items = Array.from({ length: count }, (_, index) => {
    const marker = ordered ? `${index + 1}.` : '-';
    if (links.length > 0 && random() < 0.2) {
      const link = pick(random, links);
      return `${marker} [${link.title}](${link.href}): ${sentence(words, 5, 12)}`;
    }
    return `${marker} **${phrase(words, 1, 3)}**: ${sentence(words, 5, 14)}`;
  });
  return items.join('\n');
}

function table(words: Words): string {
  const { random } = words;
  const columns = between(random, 2, 5);
  const rows = between(random, 2, 8);
  const header = Array.from({ length: columns }, () => phrase(words, 1, 2));
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const body = Array.from({ length: rows }, () =>
    Array.from({ length: columns }, (_, column) =>
      column === 0 ? `\`${words.word()}\`` : random() < 0.3 ? String(between(random, 1, 9999)) : phrase(words, 1, 4),
    ),
  );
  return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n');
}

const admonitionKinds = ['note', 'tip', 'warning', 'danger', 'info'] as const;

function admonition(words: Words): string {
  const { random } = words;
  const kind = pick(random, admonitionKinds);
  const title = random() < 0.6 ? `[${phrase(words, 1, 4)}]` : '';
  return `:::${kind}${title}\n\n${paragraph(words, [])}\n\n:::`;
}

const codeLanguages = ['bash', 'ts', 'json', 'rust', 'yaml'] as const;
const extensionOf: Record<(typeof codeLanguages)[number], string> = {
  bash: 'sh',
  ts: 'ts',
  json: 'json',
  rust: 'rs',
  yaml: 'yaml',
};

function codeBlock(words: Words): string {
  const { random } = words;
  const language = pick(random, codeLanguages);
  const name = `${words.word()}-${words.word()}`;
  const title = random() < 0.35 ? ` title="${words.word()}/${name}.${extensionOf[language]}"` : '';
  const lines = between(random, 3, 14);
  const body: string[] = [];
  const identifier = () => words.word().replace(/^\w/, (c) => c.toLowerCase());
  for (let i = 0; i < lines; i++) {
    const [a, b, c] = [identifier(), identifier(), identifier()];
    const n = between(random, 1, 500);
    switch (language) {
      case 'bash':
        body.push(random() < 0.2 ? `# ${sentence(words, 3, 8)}` : `npx ${a}-${b} --${c} ${n}`);
        break;
      case 'ts':
        body.push(`const ${a}${capitalise(b)} = await ${c}.${a}({ ${b}: ${n} });`);
        break;
      case 'json':
        body.push(`${i === 0 ? '{ ' : '  '}"${a}": { "${b}": "${c}", "limit": ${n} }${i === lines - 1 ? ' }' : ','}`);
        break;
      case 'rust':
        body.push(`let ${a}_${b} = ${c}::${a}(${n})?;`);
        break;
      case 'yaml':
        body.push(`${a}:\n  ${b}: ${c}\n  limit: ${n}`);
        break;
    }
  }
  return `\`\`\`${language}${title}\n${body.join('\n')}\n\`\`\``;
}
