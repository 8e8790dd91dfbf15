import type { Migration } from './types.ts';

export const articleCopies: Migration = {
  version: 22,
  name: 'the articles each article looks like a copy of, for the list\'s filter',
  statements: [
    // Both ways, replaced whenever either article is signed again (server/articles/duplicates.ts);
    // an article in the trash is left out where it is read.
    `CREATE TABLE article_copies (
        article_id text NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
        other_id text NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
        PRIMARY KEY (article_id, other_id)
      )`,
    `CREATE INDEX article_copies_other_idx ON article_copies (other_id)`,
    // Every article signed again at start (in the background), so that its copies are kept too.
    `DELETE FROM article_signatures`,
  ],
};
