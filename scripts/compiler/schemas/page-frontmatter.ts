// The front matter keys a Markdown page of `src/pages/` may carry, as Docusaurus's pages plugin
// reads them; other keys are left alone.

import { z } from 'zod';
import { looseBoolean, text } from './values.ts';

const optional = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value) => (value === null ? undefined : value) as Exclude<z.output<T>, null>);

export const pageFrontmatterSchema = z.looseObject({
  title: optional(text('"About us"')),
  description: optional(text('"One sentence for search engines."')),
  hide_table_of_contents: optional(looseBoolean()),
  wrapperClassName: optional(text('"about-page"')),
  unlisted: optional(looseBoolean()),
});
