/** What the dashboard's system status says of a library grown past what the embedded database is measured for (README, docs/operations.md). */
export const databaseTexts = {
  /** The database row, on the embedded database past its measure. */
  embeddedPast: (articles: string, measured: string) => `Embedded database: ${articles} articles, past the ${measured} it is measured for`,
  /** What to do, before the command. */
  moveHint: 'Move the library to PostgreSQL (docs/operations.md):',
  /** The command that moves it. */
  moveCommand: 'npm run admin -- move-to-postgres DATABASE_URL',
};
