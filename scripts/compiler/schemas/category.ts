// `_category_.json`: a folder's sidebar label, position, collapsed state and link, as Docusaurus
// reads it, and its `description` (what the category's card says). Keys we do not use
// (className, customProps) are left alone.

import { z } from 'zod';
import { hinted } from './hints.ts';
import { looseBoolean, looseNumber, text } from './values.ts';

const categoryLink = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('doc'), id: text('"guides/index"') }),
  z.looseObject({ type: z.literal('generated-index') }),
]);

export const categorySchema = hinted(
  z.looseObject({
    label: text('"Guides"').optional(),
    description: text('"What the guides cover"').optional(),
    position: looseNumber('2').optional(),
    collapsed: looseBoolean().optional(),
    collapsible: looseBoolean().optional(),
    link: categoryLink.nullable().optional(),
  }),
  'an object',
  '{ "label": "Guides", "position": 2 }',
);

export type CategoryMeta = z.output<typeof categorySchema>;
