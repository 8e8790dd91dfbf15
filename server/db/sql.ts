/** Escapes LIKE wildcards so user text matches literally (backslash is LIKE's default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
