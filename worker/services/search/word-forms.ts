// A word's other inflected forms, as a reader means them: `test` for `testing`, `take` for
// `taking`, `stopped` for `stop`, `studies` for `studied`. Generated, then looked up in the
// vocabulary like any term, so no form is found that the site does not hold, and the index keeps
// one term a word. Only English inflections (-s, -es, -ing, -ed), not a stemmer's every suffix: a
// reader typing `general` does not mean `generate`, which a Porter stem (`gener`) would give.

/** Forms kept per word, since readers type the same words again (a bounded cache). */
const known = new Map<string, Set<string>>();
const knownUpTo = 2048;

const vowel = /[aeiouy]/;
/** A consonant, a vowel, then a consonant doubled before -ing and -ed (`stop`: `stopping`, `stopped`). */
const doubles = /(?:^|[^aeiou])[aeiou][bdgklmnprtz]$/;

/** The other forms of `word` (lower-case ASCII letters; empty for anything else or a short word). */
export function formsOf(word: string): Set<string> {
  let forms = known.get(word);
  if (forms) return forms;
  forms = new Set<string>();
  if (/^[a-z]{3,}$/.test(word)) {
    for (const base of basesOf(word)) for (const form of inflections(base)) if (form !== word) forms.add(form);
  }
  if (known.size >= knownUpTo) known.clear();
  known.set(word, forms);
  return forms;
}

/** Whether `term` is another inflected form of `word`. */
export function isFormOf(term: string, word: string): boolean {
  return term !== word && formsOf(word).has(term);
}

/** The words `word` may be an inflection of (itself, unless it ends as one): 3 letters or more, with a vowel. */
function basesOf(word: string): string[] {
  const bases: string[] = [];
  const strip = (stem: string) => {
    bases.push(stem, `${stem}e`);
    // `stopping`, `stopped`: the doubled consonant once.
    if (stem.length > 3 && stem.at(-1) === stem.at(-2) && !/[aeiousl]/.test(stem.at(-1)!))
      bases.push(stem.slice(0, -1));
  };
  if (word.endsWith('ing')) strip(word.slice(0, -3));
  else if (word.endsWith('ied') || word.endsWith('ies')) bases.push(`${word.slice(0, -3)}y`);
  else if (word.endsWith('ed')) strip(word.slice(0, -2));
  else {
    bases.push(word);
    if (word.endsWith('es')) bases.push(word.slice(0, -2));
    if (word.endsWith('s') && !word.endsWith('ss')) bases.push(word.slice(0, -1));
  }
  return bases.filter((base) => base.length >= 3 && vowel.test(base));
}

/** A base word's inflections: itself, -s, -es, -ing, -ed, with the spelling changes they bring. */
function inflections(base: string): string[] {
  const forms = [base, `${base}s`, `${base}ing`, `${base}ed`];
  if (/(?:s|x|z|ch|sh)$/.test(base)) forms.push(`${base}es`);
  if (base.endsWith('e')) forms.push(`${base.slice(0, -1)}ing`, `${base}d`);
  if (/[^aeiou]y$/.test(base)) {
    const stem = base.slice(0, -1);
    forms.push(`${stem}ies`, `${stem}ied`);
  }
  if (doubles.test(base)) {
    const last = base.at(-1)!;
    forms.push(`${base}${last}ing`, `${base}${last}ed`);
  }
  return forms;
}
