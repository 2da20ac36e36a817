// The frontmatter keys we read (README "Writing a page"), typed as Docusaurus accepts them;
// other keys are left alone, as Docusaurus sites carry many we do not use.

import { z } from 'zod';
import { hinted } from './hints.ts';
import { looseBoolean, looseNumber, text } from './values.ts';

/** An empty key (`title:`) reads as null in YAML; it means "not set". */
const optional = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value) => (value === null ? undefined : value) as Exclude<z.output<T>, null>);

export const frontmatterSchema = z.looseObject({
  id: optional(
    hinted(
      z.string().refine((value) => !value.includes('/')),
      'a name without "/"',
      undefined,
      'use a plain name in {key}; the folder is added to the id for you',
    ),
  ),
  title: optional(text('"Getting started"')),
  sidebar_label: optional(text('"Start"')),
  sidebar_position: optional(looseNumber('3')),
  slug: optional(text('"/start" or "start"')),
  description: optional(text('"One sentence for search engines."')),
  keywords: optional(hinted(z.array(z.string()), 'a list of strings', 'a list such as [setup, install]')),
  hide_title: optional(looseBoolean()),
  hide_table_of_contents: optional(looseBoolean()),
  unlisted: optional(looseBoolean()),
  draft: optional(looseBoolean()),
  className: optional(text('"wide-page"')),
  // null is meaningful here: no edit link for this page.
  custom_edit_url: hinted(
    z.string().nullable(),
    'a URL, or null for no edit link',
    '"https://github.com/org/repo/edit/main/docs/intro.md"',
  ).optional(),
});

export type Frontmatter = z.output<typeof frontmatterSchema>;
