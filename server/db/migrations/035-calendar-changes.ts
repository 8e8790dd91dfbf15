import type { Migration } from './types.ts';

/**
 * The calendar's answers are kept by each server process until a change could alter them
 * (server/articles/calendarCache.ts): a statement that writes what an entry shows (an article's
 * title, slug, status, planned day, scheduled times, assignee or trash; an account's email) says
 * so on the `calendar` channel, heard by every process once the change commits. One notice per
 * statement, whatever the rows: a bulk write says it once.
 */
export const calendarChanges: Migration = {
  version: 35,
  name: "the calendar's changes said on a channel, for the answers each process keeps",
  statements: [
    `CREATE OR REPLACE FUNCTION calendar_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('calendar', '');
        RETURN NULL;
      END $$`,
    `CREATE TRIGGER articles_calendar_rows AFTER INSERT OR DELETE OR TRUNCATE ON articles
       FOR EACH STATEMENT EXECUTE FUNCTION calendar_changed()`,
    `CREATE TRIGGER articles_calendar_fields
       AFTER UPDATE OF title, slug, status, planned_on, publish_at, unpublish_at, assignee_id, deleted_at ON articles
       FOR EACH STATEMENT EXECUTE FUNCTION calendar_changed()`,
    `CREATE TRIGGER users_calendar AFTER UPDATE OF email OR DELETE ON users
       FOR EACH STATEMENT EXECUTE FUNCTION calendar_changed()`,
  ],
};
