// Turns zod's issues into build errors an author can act on: the file, the line when it is
// cheap to know, the key path (`themeConfig.navbar.items[2].href`), what was found, what is
// expected and the fix. Every problem of a file is reported, not just the first.

import type { z } from 'zod';
import { BuildError, BuildErrors } from '../errors.ts';
import { hints, type Hint } from './hints.ts';

type Path = PropertyKey[];

export interface Source {
  /** Path relative to the site folder. */
  file: string;
  /** The line of a key path, when the file's text makes that cheap to find. */
  lineOf?: (path: Path, value: unknown) => number | undefined;
  /** What to call the whole value when it is wrong as a whole. */
  root: string;
}

/** Parses author input; on failure throws one BuildError, or BuildErrors when there are several. */
export function parseWithFriendlyErrors<T extends z.ZodType>(schema: T, input: unknown, source: Source): z.output<T> {
  const result = schema.safeParse(input, { error: hintMessage });
  if (result.success) return result.data;
  const errors = friendlyErrors(result.error.issues, input, source);
  throw errors.length === 1 ? errors[0]! : new BuildErrors(errors);
}

export function friendlyErrors(issues: z.core.$ZodIssue[], input: unknown, source: Source): BuildError[] {
  const errors: BuildError[] = [];
  const visit = (issue: z.core.$ZodIssue, prefix: Path) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union') {
      // A union of shapes (a string or an object; an array or false): the branches that reject
      // the value's kind outright say nothing; if one branch is left, its issues are the story.
      const relevant = issue.errors.filter((branch) => !branch.every(rejectsKind));
      if (relevant.length === 1) return relevant[0]!.forEach((inner) => visit(inner, path));
    }
    if (issue.code === 'unrecognized_keys') {
      const known = decode(issue.message).expected.split(', ');
      for (const key of issue.keys)
        errors.push(unknownKey(source, [...path, key], known, lineOf(source, input, [...path, key])));
      return;
    }
    errors.push(problemAt(source, path, valueAt(input, path), decode(issue.message), lineOf(source, input, path)));
  };
  for (const issue of issues) visit(issue, []);
  return errors;
}

function rejectsKind(issue: z.core.$ZodIssue): boolean {
  return issue.path.length === 0 && (issue.code === 'invalid_type' || issue.code === 'invalid_value');
}

function problemAt(source: Source, path: Path, value: unknown, hint: Hint, line: number | undefined): BuildError {
  const where = formatPath(path) || source.root;
  const found = value === undefined ? 'missing' : `found ${describe(value)}`;
  const fix = hint.fix?.replaceAll('{key}', where) ?? `set ${where} to ${hint.example ?? hint.expected}`;
  return new BuildError(source.file, line, `${where}: ${found}, expected ${hint.expected}`, fix);
}

function unknownKey(source: Source, path: Path, known: string[], line: number | undefined): BuildError {
  const where = formatPath(path);
  const key = String(path.at(-1));
  const close = known.find((name) => editDistance(name, key) <= 2);
  const parent = formatPath(path.slice(0, -1));
  const fix = close
    ? `rename ${where} to ${formatPath([...path.slice(0, -1), close])}`
    : `remove ${where}; the keys ${parent ? `of ${parent} ` : ''}are ${known.join(', ')}`;
  return new BuildError(source.file, line, `${where}: unknown key`, fix);
}

function lineOf(source: Source, input: unknown, path: Path): number | undefined {
  if (!source.lineOf) return undefined;
  const value = valueAt(input, path);
  if (value !== undefined) return source.lineOf(path, value);
  // A missing key has no line of its own: point at its object, found through the keys it has.
  const parent = valueAt(input, path.slice(0, -1));
  if (path.length === 0 || !parent || typeof parent !== 'object' || Array.isArray(parent)) return undefined;
  for (const [key, sibling] of Object.entries(parent)) {
    if (typeof sibling !== 'string' && typeof sibling !== 'number' && typeof sibling !== 'boolean') continue;
    const line = source.lineOf([...path.slice(0, -1), key], sibling);
    if (line !== undefined) return line;
  }
  return undefined;
}

/** `navbar.items[2].href`; keys that are not plain names are quoted. */
export function formatPath(path: Path): string {
  return path
    .map((key, index) => {
      if (typeof key === 'number') return `[${key}]`;
      const name = String(key);
      if (!/^[A-Za-z_$][\w$]*$/.test(name)) return `[${JSON.stringify(name)}]`;
      return index === 0 ? name : `.${name}`;
    })
    .join('');
}

function valueAt(input: unknown, path: Path): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The value, shortened, with its type: `5 (number)`, `"no" (string)`. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'function') return 'a function';
  const kind = Array.isArray(value) ? 'list' : typeof value;
  const text = JSON.stringify(value) ?? String(value);
  return `${text.length > 40 ? `${text.slice(0, 39)}…` : text} (${kind})`;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

// zod calls this for every issue that has no message of its own; the hint travels in the message.
function hintMessage(issue: z.core.$ZodRawIssue): string {
  const owner = (issue as { schema?: z.core.$ZodType }).schema ?? issue.inst;
  const registered = issue.code === 'unrecognized_keys' || !owner ? undefined : hints.get(owner as z.ZodType);
  const hint = registered ?? defaultHint(issue);
  return JSON.stringify(hint);
}

function decode(message: string): Hint {
  try {
    return JSON.parse(message) as Hint;
  } catch {
    return { expected: message };
  }
}

const typeNames: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  tuple: 'a list',
  record: 'an object',
};

function defaultHint(issue: z.core.$ZodRawIssue): Hint {
  switch (issue.code) {
    case 'invalid_type':
      return { expected: typeNames[issue.expected] ?? issue.expected };
    case 'invalid_value':
      return { expected: oneOf(issue.values) };
    case 'invalid_union':
      return 'options' in issue && Array.isArray(issue.options)
        ? { expected: oneOf(issue.options as unknown[]) }
        : { expected: 'one of the allowed forms' };
    case 'unrecognized_keys': {
      const shape = (issue.inst as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def?.shape;
      return { expected: Object.keys(shape ?? {}).join(', ') };
    }
    case 'invalid_format':
      return { expected: issue.format === 'url' ? 'a full URL such as "https://example.com"' : `a ${issue.format}` };
    default:
      return { expected: 'a valid value' };
  }
}

function oneOf(values: unknown[]): string {
  // A discriminated union lists `undefined` for an option without the key (a shorthand category).
  const listed = values.filter((value) => value !== undefined && value !== null).map((value) => JSON.stringify(value));
  return listed.length === 1 ? listed[0]! : `one of ${listed.join(', ')}`;
}
