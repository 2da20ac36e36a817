// The words of a generated corpus: a seeded random source, a vocabulary ranked like real
// documentation (a few hundred technical English words at the top, then tens of thousands of
// synthetic words made of syllables) and a Zipf draw over it, so that a handful of words are
// everywhere, most are rare, and search sees both.

/** mulberry32: small, fast and the same on every machine, which is all a corpus needs. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
export const between = (random: Random, low: number, high: number): number =>
  low + Math.floor(random() * (high - low + 1));

/** Words a technical documentation site uses most, most common first (roughly). */
const technicalWords = `
data server client request response config build deploy page route cache index search query
token key value node cluster network storage file folder path module package version release
update install setup command option flag error warning log event message queue worker thread
process memory limit timeout retry schema type field record table column row database store
user account session cookie header body status code test check rule policy access permission
role group team project service endpoint api interface method function class object array string
number boolean default environment variable secret certificate domain host port proxy gateway
balancer region zone instance container image volume backup restore snapshot migration replica
shard partition stream batch job schedule trigger hook plugin extension theme layout component
template render style script asset bundle source target output input stage pipeline workflow
branch commit merge review issue ticket change feature plugin metric trace span alert dashboard
monitor latency throughput bandwidth capacity quota usage billing invoice plan tier upgrade
downgrade migrate validate verify sign encrypt decrypt hash digest signature identity wallet
ledger block chain transaction consensus validator reward stake vote proposal governance
privacy security audit compliance report export import sync async callback promise handler
middleware router controller model view state store reducer action effect context provider
hook selector filter sort page limit offset cursor pagination format parse serialize encode
decode compress archive upload download mirror registry artifact binary runtime compiler linter
formatter bundler loader resolver adapter driver connector client sdk cli shell terminal
editor browser device mobile desktop tablet screen window dialog button link menu sidebar
navbar footer header banner card list item grid column label input form field select toggle
checkbox radio slider tooltip modal drawer tab panel accordion badge avatar icon font color
contrast focus keyboard mouse touch gesture scroll resize animation transition motion reduced
locale language translation region timezone calendar date time duration interval period window
`
  .trim()
  .split(/\s+/);

/** The glue of English sentences, drawn apart from the ranked vocabulary. */
export const functionWords = `the a an of to and in for on with by from as at is are be can
this that it its when then each every or not may must should will which your`
  .trim()
  .split(/\s+/);

const onsets = ['b', 'br', 'c', 'ch', 'd', 'dr', 'f', 'fl', 'g', 'gr', 'h', 'j', 'k', 'kl', 'l', 'm', 'n', 'p', 'pl'];
const moreOnsets = ['qu', 'r', 's', 'sh', 'sk', 'st', 't', 'th', 'tr', 'v', 'w', 'z', ''];
const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'io', 'ou', 'y'];
const codas = ['', '', '', 'n', 'r', 'l', 's', 'x', 'nd', 'rt', 'st', 'm', 'k'];

/** `size` distinct lowercase words: the technical ones first, then synthetic ones. */
export function buildVocabulary(random: Random, size: number): string[] {
  const words = [...new Set(technicalWords)];
  const seen = new Set(words);
  const allOnsets = [...onsets, ...moreOnsets];
  while (words.length < size) {
    const syllables = between(random, 2, 4);
    let word = '';
    for (let i = 0; i < syllables; i++) word += pick(random, allOnsets) + pick(random, vowels);
    word += pick(random, codas);
    if (word.length < 4 || seen.has(word)) continue;
    seen.add(word);
    words.push(word);
  }
  return words;
}

/**
 * Draws ranks 0..size-1 with probability ∝ 1/(rank+offset)^exponent (Zipf–Mandelbrot): the
 * offset keeps the top word near 1-2 % of the text, as the most common content word of a
 * documentation site is, instead of the 10 % a plain Zipf gives it.
 */
export function zipfSampler(random: Random, size: number, exponent = 1.05, offset = 8): () => number {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let rank = 0; rank < size; rank++) {
    total += 1 / Math.pow(rank + offset, exponent);
    cumulative[rank] = total;
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

export const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
