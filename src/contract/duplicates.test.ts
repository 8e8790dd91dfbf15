import { describe, expect, it } from 'vitest';
import { MAX_SIGNATURE_DISTANCE, normalAddress, signatureBands, signatureDistance, signatureProbes, signatureSimilarity, textSignature } from './duplicates';

const story = Array.from(
  { length: 12 },
  (_, i) => `Paragraph ${i} of the harbour story: the boats came in at dawn with herring and mackerel, and the market opened early for the buyers from the town.`,
).join(' ');

describe('normalAddress', () => {
  it('takes a syndicated, print, AMP or tracked address of a page as the page', () => {
    const page = normalAddress('https://news.example.com/2026/harbour');
    expect(page).toBe('news.example.com/2026/harbour');
    for (const copy of [
      'http://www.news.example.com/2026/harbour/',
      'https://amp.news.example.com/2026/harbour/amp',
      'https://m.news.example.com/2026/harbour?utm_source=x&utm_medium=y#comments',
      'https://news.example.com/2026/harbour/print',
      'https://NEWS.example.com/2026/harbour.amp.html',
    ]) {
      expect(normalAddress(copy), copy).toBe(page);
    }
    // Another page, or the same with a parameter that says which: not the same.
    expect(normalAddress('https://news.example.com/2026/harbour-2')).not.toBe(page);
    expect(normalAddress('https://news.example.com/story?id=2')).not.toBe(normalAddress('https://news.example.com/story?id=3'));
    expect(normalAddress('ftp://news.example.com/x')).toBeNull();
    expect(normalAddress('not an address')).toBeNull();
  });
});

describe('signatureSimilarity', () => {
  it('is 0, never below, for texts more than half the bits apart (an answer of the same address showed -1 and failed with 500)', () => {
    expect(signatureSimilarity([0, 0], [0xffffffff, 0xffffffff])).toBe(0);
    expect(signatureSimilarity([0, 0], [0xffffffff, 0])).toBe(0);
    expect(signatureSimilarity([0, 0], [0, 0])).toBe(1);
  });
});

describe('textSignature', () => {
  it('is close for a copy with a few words changed, far for another text, and none for a short one', () => {
    const signature = textSignature(story)!;
    const copy = textSignature(story.replace('herring', 'sardines').replace('buyers', 'traders') + ' Published with permission.')!;
    const other = textSignature(story.split(' ').reverse().join(' ').replace(/harbour/g, 'mountain'))!;
    expect(signatureDistance(signature, signature)).toBe(0);
    expect(signatureSimilarity(signature, copy)).toBeGreaterThanOrEqual(0.9);
    expect(signatureSimilarity(signature, other)).toBeLessThan(0.9);
    expect(textSignature('Too short to tell.')).toBeNull();
    // The same text, the same signature; whatever its case and punctuation.
    expect(textSignature(story.toUpperCase().replace(/,/g, ';'))).toEqual(signature);
  });

  it('cuts a signature into four 16-bit bands', () => {
    expect(signatureBands([0x12345678, 0x9abcdef0])).toEqual([0x1234, 0x5678, 0x9abc, 0xdef0]);
  });

  it('probes each band and its sixteen one-bit neighbours', () => {
    const probes = signatureProbes([0x12345678, 0x9abcdef0]);
    expect(probes.map((band) => band[0])).toEqual([0x1234, 0x5678, 0x9abc, 0xdef0]);
    for (const band of probes) {
      expect(new Set(band).size).toBe(17);
      expect(band.slice(1).map((value) => (value ^ band[0]!).toString(2).replace(/0/g, ''))).toEqual(Array(16).fill('1'));
      expect(Math.max(...band)).toBeLessThan(0x10000);
    }
    expect(MAX_SIGNATURE_DISTANCE).toBe(9);
  });
});
