/**
 * The library's files an article's HTML shows or links to: every address of a stored file's
 * bytes or thumbnail (`/api/files/<id>/content` or `/thumbnail`, with or without an origin or a
 * query, in `src`, `srcset` or `href`), as the scraper and the editor write them. Migration 28 reads
 * the same forms with SQL.
 */
const FILE_ADDRESS = /\/api\/files\/([0-9a-z]{26})\/(?:content|thumbnail)(?![0-9a-z])/gi;

export function libraryFileIds(html: string | null | undefined): string[] {
  if (!html) return [];
  return [...new Set(Array.from(html.matchAll(FILE_ADDRESS), (match) => match[1]!.toLowerCase()))];
}

/** The library file an address is of (its bytes or thumbnail, as above), or undefined. */
export function libraryFileIdOf(address: string): string | undefined {
  const ids = libraryFileIds(address);
  return ids.length === 1 ? ids[0] : undefined;
}
