// A blog post's own frontmatter keys (besides those every page has, schemas/frontmatter.ts), and the
// blog's `authors.yml` and `tags.yml`, as Docusaurus's blog plugin accepts them.

import { z } from 'zod';
import { hinted } from './hints.ts';
import { looseBoolean, text } from './values.ts';

const optional = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value) => (value === null ? undefined : value) as Exclude<z.output<T>, null>);

/** An author written in place: its name and the rest, as in `authors.yml`. */
const authorShape = {
  name: optional(text('"Ada Lovelace"')),
  title: optional(text('"Maintainer"')),
  url: optional(text('"https://github.com/ada"')),
  image_url: optional(text('"https://github.com/ada.png"')),
  imageURL: optional(text('"https://github.com/ada.png"')),
  email: optional(text('"ada@example.com"')),
  page: optional(z.union([looseBoolean(), z.looseObject({ permalink: z.string().optional() })])),
};

export const inlineAuthor = z.looseObject({ key: optional(text('"ada"')), ...authorShape });

const authorEntry = z.union([
  hinted(z.string(), 'a key of authors.yml or an author object', 'a key of authors.yml such as "ada"'),
  inlineAuthor,
]);

/** A tag: its label, or a label with its own permalink. */
const tagEntry = z.union([
  hinted(z.string(), 'a tag label or { label, permalink }', 'a label such as "release"'),
  z.looseObject({ label: text('"release"'), permalink: text('"/release"') }),
]);

/** A date: YAML reads `2024-05-01` as a date already; a string must parse as one. */
const date = hinted(
  z.union([z.date(), z.string().refine((value) => !Number.isNaN(Date.parse(value)))]),
  'a date such as 2024-05-01',
  'a date such as 2024-05-01 or 2024-05-01T10:00',
);

export const blogFrontmatterSchema = z.looseObject({
  authors: optional(z.union([authorEntry, z.array(authorEntry)])),
  // Docusaurus's older single-author keys.
  author: optional(text('"Ada Lovelace"')),
  author_title: optional(text('"Maintainer"')),
  author_url: optional(text('"https://github.com/ada"')),
  author_image_url: optional(text('"https://github.com/ada.png"')),
  tags: optional(hinted(z.array(tagEntry), 'a list of tags', 'a list such as [release, tooling]')),
  date: optional(date),
  draft: optional(looseBoolean()),
  image: optional(text('"./cover.png"')),
});

export type BlogFrontmatter = z.output<typeof blogFrontmatterSchema>;

export const authorsMapSchema = z.record(z.string(), z.looseObject(authorShape));
export type AuthorsMap = z.output<typeof authorsMapSchema>;

export const tagsFileSchema = z.record(
  z.string(),
  z
    .looseObject({
      label: optional(text('"Release"')),
      permalink: optional(text('"/release"')),
      description: optional(text('"Posts about releases"')),
    })
    .nullish(),
);
export type TagsFile = z.output<typeof tagsFileSchema>;
