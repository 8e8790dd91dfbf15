/** Texts of an extraction's quality: its line on the article page's Source card, and the list's flag. */
import type { ExtractionQuality } from '../contract';

const percent = (x: number) => `${Math.round(x * 100)}%`;

export const extractionTexts = {
  label: 'Extraction quality',
  value: ({ score, signals: s }: ExtractionQuality) =>
    `${percent(score)} (${percent(s.prose)} prose, ${percent(s.links)} links, ${s.words.toLocaleString('en-US')} words` +
    (s.agreement === null ? ')' : `, ${percent(s.agreement)} like the page's own article text)`),
  check: 'Check the extraction',
  checkWhy: (score: number) =>
    `Extraction quality ${percent(score)}: the draft may hold parts of the page that are not the article, or miss some of it. Compare it with its source page.`,
  openSource: 'Open the source page',
};
