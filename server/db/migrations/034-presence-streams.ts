import type { Migration } from './types.ts';

export const presenceStreams: Migration = {
  version: 34,
  name: 'which stream of a tab its presence row is: a close of an earlier stream, written late, changes nothing',
  statements: [`ALTER TABLE article_presence ADD COLUMN stream text`],
};
