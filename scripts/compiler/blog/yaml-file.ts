// A blog's YAML data file (`authors.yml`, `tags.yml`): read, parsed, and checked against its
// schema, with the file and line of what is wrong.

import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import { BuildError } from '../errors.ts';
import { parseWithFriendlyErrors } from '../schemas/friendly-errors.ts';
import { uniqueLine } from '../schemas/source-lines.ts';

export interface YamlFile<Schema extends z.ZodType> {
  siteDir: string;
  file: string;
  schema: Schema;
  /** What the file is, in messages: `the authors file`. */
  root: string;
  /** What a well-formed file holds, said when its YAML does not parse. */
  shape: string;
}

export function readYamlFile<Schema extends z.ZodType>(input: YamlFile<Schema>): z.output<Schema> {
  const relPath = relative(input.siteDir, input.file);
  const text = readFileSync(input.file, 'utf8');
  let data: unknown;
  try {
    data = parse(text) ?? {};
  } catch (error) {
    throw new BuildError(
      relPath,
      undefined,
      `bad YAML: ${(error as Error).message.split('\n')[0]}`,
      `write ${input.shape}`,
    );
  }
  return parseWithFriendlyErrors(input.schema, data, {
    file: relPath,
    root: input.root,
    lineOf: (path, value) => uniqueLine(text, path, value),
  });
}
