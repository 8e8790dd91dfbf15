/**
 * The HTML of a picture of the file library taken into an article: its address (the server
 * serves the size and format each reader needs from it), its alt text, and its caption and credit
 * as the figure's caption. A picture without alt text gets no alt attribute: `alt=""` would mark
 * it as decoration, and the checks would no longer ask for one.
 */
import type { StoredFile } from '../contract';
import { attributeValue } from './checkPlace';

const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function libraryImageHtml(file: Pick<StoredFile, 'url' | 'alt' | 'caption' | 'credit'>): string {
  const alt = file.alt.trim();
  const img = `<img src="${attributeValue(file.url)}"${alt ? ` alt="${attributeValue(alt)}"` : ''}>`;
  const caption = [file.caption.trim(), file.credit.trim()].filter(Boolean).map(text).join(' — ');
  return caption ? `<figure>${img}<figcaption>${caption}</figcaption></figure>` : img;
}
