// What each schema expects, in words an author reads in a build error, and how to fix it.
// Schemas register a hint; the friendly-errors formatter finds it through zod's error map.

import { z } from 'zod';

export interface Hint {
  /** What the value should be: "a number", 'one of "light", "dark"'. */
  expected: string;
  /** A value to put there, for the fix: 'a string such as "/docs/intro"'. */
  example?: string;
  /** A whole fix sentence, when "set <key> to <example>" is not the right advice. */
  fix?: string;
}

export const hints = z.registry<Hint>();

/** Attaches a hint to a schema; returns the same schema, so it reads inline. */
export function hinted<T extends z.ZodType>(schema: T, expected: string, example?: string, fix?: string): T {
  hints.add(schema, { expected, example, fix });
  return schema;
}
