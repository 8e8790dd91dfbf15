import { STORED_HEAD_CHARS } from '../searchSql.ts';
import type { Migration } from './types.ts';

export const cardPreviews: Migration = {
  version: 4,
  name: 'card previews stored beside the bodies',
  // A page of cards read substr() of 100 TOASTed bodies: about 4 buffer reads and a partial
  // decompression each, most of the list's cost. Generated columns keep the leading slice in
  // the row itself, written with the body (the table is rewritten once, here).
  statements: [
    `ALTER TABLE articles
        ADD COLUMN scrapped_head text GENERATED ALWAYS AS (substr(scrapped_data, 1, ${STORED_HEAD_CHARS})) STORED,
        ADD COLUMN blog_head text GENERATED ALWAYS AS (substr(blog_data, 1, ${STORED_HEAD_CHARS})) STORED`,
  ],
};
