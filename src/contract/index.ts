/**
 * The API contract shared by the console, the server and the stories' MSW handlers.
 * Shapes are exactly those of docs/product.md, 'Data', and docs/api.md (spellings included:
 * `scrapedUrl`, `scrappedData`). Each schema is the runtime check; each type is inferred from it.
 * One module per subject (articles, files, accounts, …), all re-exported here: import from this one.
 */
export { cutText, formatSearchCount, SEARCH_COUNT_CAP } from './text';
export { serverMessages } from './messages';
export * from './errors';

export * from './enums';
export * from './history';
export * from './roles';
export * from './operations';
export * from './extraction';
export * from './presence';
export * from './schedule';
export * from './webhooks';
export * from './sources';
export * from './sourceChange';
export * from './siteRules';
export * from './seo';
export * from './checks';
export * from './review';
export * from './assignment';
export * from './anchor';
export * from './comments';
export * from './notifications';
export * from './calendar';
export * from './duplicates';
export * from './searchTerms';
export * from './articles';
export * from './public';
export * from './analytics';
export * from './scrape';
export * from './files';
export * from './folders';
export * from './folderMessages';
export * from './accounts';
export * from './presenceSchemas';
export * from './system';
