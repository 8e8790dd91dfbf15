/**
 * A stored file's address with its version: `?v=<lastModified in ms>`. Replacing a file keeps
 * its URL and changes its bytes, so the console asks for the thumbnail (and the preview) under
 * the version it shows: a browser's cached copy of the old bytes is not used for the new ones.
 * Addresses that are not the server's (data:, blob:) are left as they are.
 */
export function withVersion(url: string, lastModified: string): string {
  const version = Date.parse(lastModified);
  if (Number.isNaN(version) || /^(data|blob):/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}v=${version}`;
}

/**
 * An image of the library at `width` pixels wide at most (one of the server's IMAGE_SIZES), in
 * the best format the browser takes, under its version. Addresses that are not the server's are
 * left as they are.
 */
export function fileImageUrl(file: { url: string; lastModified: string }, width: number): string {
  if (/^(data|blob):/.test(file.url)) return file.url;
  return withVersion(`${file.url}${file.url.includes('?') ? '&' : '?'}w=${width}&format=auto`, file.lastModified);
}
