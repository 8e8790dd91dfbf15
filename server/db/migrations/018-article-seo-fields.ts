import type { Migration } from './types.ts';

export const articleSeoFields: Migration = {
  version: 18,
  name: 'SEO fields of articles, kept in their revisions',
  statements: [
    // Null where not set (src/contract/seo.ts). Nullable columns without a default: no row is rewritten.
    `ALTER TABLE articles ADD COLUMN meta_title text, ADD COLUMN meta_description text, ADD COLUMN canonical_url text,
        ADD COLUMN social_image_id text`,
    // A revision keeps them as one value: null when none was set (and in revisions written before).
    `ALTER TABLE article_revisions ADD COLUMN seo jsonb`,
    // A change of them is a change a revision records: bumped version or refused, as the others.
    `DROP TRIGGER article_unversioned_change ON articles`,
    `CREATE TRIGGER article_unversioned_change AFTER UPDATE ON articles FOR EACH ROW
        WHEN (NEW.version = OLD.version AND
              ROW(NEW.status, NEW.title, NEW.slug, NEW.blog_data, NEW.scrapped_data, NEW.scraped_url, NEW.new_url, NEW.deleted_at IS NULL,
                  NEW.meta_title, NEW.meta_description, NEW.canonical_url, NEW.social_image_id)
              IS DISTINCT FROM
              ROW(OLD.status, OLD.title, OLD.slug, OLD.blog_data, OLD.scrapped_data, OLD.scraped_url, OLD.new_url, OLD.deleted_at IS NULL,
                  OLD.meta_title, OLD.meta_description, OLD.canonical_url, OLD.social_image_id))
        EXECUTE FUNCTION article_unversioned_change()`,
  ],
};
