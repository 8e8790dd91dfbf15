/**
 * PDFs written by hand for the thumbnail tests and bench: real structure (catalog, page tree,
 * standard font, content streams, a cross-reference table whose offsets are right), so pdf.js
 * reads them as it reads any PDF, plus hostile variants built from the same pieces.
 */
import zlib from 'node:zlib';

/** Builds a PDF of `objects` (numbered from 1, in order) with a correct xref; `trailer` goes inside << >>. */
export function pdfFile(objects: (string | Buffer)[], trailer: string): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]);
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(chunks);
}

/** A stream object; compressed with FlateDecode when asked. */
export function pdfStream(content: string | Buffer, options: { flate?: boolean; dict?: string } = {}): Buffer {
  const raw = Buffer.from(content);
  const data = options.flate ? zlib.deflateSync(raw, { level: 9 }) : raw;
  const filter = options.flate ? ' /Filter /FlateDecode' : '';
  return Buffer.concat([Buffer.from(`<< /Length ${data.length}${filter} ${options.dict ?? ''} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

/** Text for a content stream: PDF string escaping. */
const pdfText = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

export interface PdfPage {
  /** The page's content stream (operators). */
  content: string | Buffer;
  mediaBox?: [number, number, number, number];
  flate?: boolean;
  /** XObjects of the page, named /X0, /X1… in its resources. */
  xObjects?: (string | Buffer)[];
}

/**
 * A document of `pages` (US Letter unless told), each with Helvetica as /F1. A page's
 * `xObjects` become objects after the page's content, named /X0, /X1… in its resources.
 */
export function pdfDocument(pages: PdfPage[], options: { trailer?: string } = {}): Buffer {
  const objects: (string | Buffer)[] = [];
  const kids: number[] = [];
  // 1 catalog, 2 page tree, 3 font; then per page: the page, its content, its XObjects.
  const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  let next = 4;
  const pageObjects: (string | Buffer)[] = [];
  for (const page of pages) {
    const pageNo = next++;
    const contentNo = next++;
    const xNos = (page.xObjects ?? []).map(() => next++);
    kids.push(pageNo);
    const xDict = xNos.length ? `/XObject << ${xNos.map((n, i) => `/X${i} ${n} 0 R`).join(' ')} >>` : '';
    pageObjects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [${(page.mediaBox ?? [0, 0, 612, 792]).join(' ')}] /Resources << /Font << /F1 3 0 R >> ${xDict} >> /Contents ${contentNo} 0 R >>`,
      pdfStream(page.content, { flate: page.flate }),
      ...(page.xObjects ?? []),
    );
  }
  objects.push(
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`,
    font,
    ...pageObjects,
  );
  return pdfFile(objects, `/Root 1 0 R ${options.trailer ?? ''}`);
}

const PARAGRAPH = [
  'Scraped articles arrive with their images, which the library keeps beside every',
  'upload, so that an editor can find them again and use them in another article.',
  'Each file is checked from its bytes, never from its name or its declared type,',
  'and every picture gets a small thumbnail for the grid and the list of the console.',
];

/** A report page: a large heading at the top left and a paragraph of body text under it. */
export function textPage(title = 'Quarterly report', lines = 12): PdfPage {
  const body = Array.from({ length: lines }, (_, i) => `${pdfText(PARAGRAPH[i % PARAGRAPH.length]!)} Tj T*`).join('\n');
  return {
    content: `BT /F1 36 Tf 72 700 Td ${pdfText(title)} Tj ET\nBT /F1 11 Tf 14 TL 72 660 Td\n${body}\nET`,
  };
}

/** A page with one filled dark blue rectangle at [x, y, width, height] in points (origin bottom left). */
export function rectanglePage(rect: [number, number, number, number] = [100, 400, 400, 300]): PdfPage {
  return { content: `0.1 0.2 0.6 rg ${rect.join(' ')} re f` };
}

/** A scanned page: a JPEG (`width` × `height` pixels) drawn over the whole page. */
export function scannedPage(jpeg: Buffer, width: number, height: number): PdfPage {
  return {
    content: 'q 612 0 0 792 0 0 cm /X0 Do Q',
    xObjects: [pdfStream(jpeg, { dict: `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode` })],
  };
}

/** `count` text pages like textPage()'s, each titled with its number. */
export function manyPages(count: number): Buffer {
  return pdfDocument(Array.from({ length: count }, (_, i) => textPage(`Chapter ${i + 1}`)));
}

/** The form bomb's objects: catalog, page tree, page, content, then the forms X0…Xn. */
const FIRST_FORM = 5;

export const pdfs = {
  text: () => pdfDocument([textPage()]),
  rectangle: () => pdfDocument([rectanglePage()]),
  /** Page 1: a rectangle in the upper half; page 2: one in the lower half. */
  twoPages: () => pdfDocument([rectanglePage([100, 450, 400, 300]), rectanglePage([100, 50, 400, 300])]),
  /** The first half of a text PDF: cut inside its content stream, no xref, no trailer. */
  truncated: () => {
    const whole = pdfDocument([textPage()]);
    return whole.subarray(0, Math.floor(whole.length / 2));
  },
  /**
   * Every xref offset, and startxref, point at the wrong bytes; the objects are intact. Viewers
   * (pdf.js too) rebuild the table by scanning the objects, so this file is readable.
   */
  wrongXrefOffsets: () => {
    const whole = pdfDocument([textPage()]).toString('latin1');
    const at = whole.lastIndexOf('xref\n0 ');
    const tail = whole
      .slice(at)
      .replace(/^\d{10} 00000 n $/gm, '0000000007 00000 n ')
      .replace(/startxref\n\d+/, 'startxref\n3');
    return Buffer.from(whole.slice(0, at) + tail, 'latin1');
  },
  /** The xref table is garbage, startxref points past the end, and the trailer's root is an object that does not exist. */
  corruptXref: () => {
    const whole = pdfDocument([textPage()]).toString('latin1');
    const at = whole.lastIndexOf('xref\n0 ');
    return Buffer.from(
      `${whole.slice(0, at)}xref\n0 9\nthis is no cross-reference table\ntrailer\n<< /Size 9 /Root 77 0 R >>\nstartxref\n999999\n%%EOF\n`,
      'latin1',
    );
  },
  /** A page 200,000 × 200,000 units (PDF's own limit is 14,400). */
  hugePage: () => pdfDocument([{ ...rectanglePage([0, 0, 100_000, 100_000]), mediaBox: [0, 0, 200_000, 200_000] }]),
  /** Standard security handler with a user password we do not know. */
  encrypted: () =>
    pdfDocument([textPage()], {
      trailer: `/Encrypt << /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <${'7a'.repeat(32)}> /U <${'3c'.repeat(32)}> >> /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>]`,
    }),
  /** A page tree with no pages. */
  noPages: () => pdfFile(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'], '/Root 1 0 R'),
  /**
   * Few bytes, endless work: form XObjects nested `depth` deep, each drawing the one below
   * `fanOut` times, so the page asks for fanOut^depth rectangles.
   */
  formBomb: (depth = 8, fanOut = 10) => {
    // X0 is the deepest form (one rectangle); Xk draws X(k-1) fanOut times; the page draws the top one.
    const forms = Array.from({ length: depth }, (_, k) => {
      const content = k === 0 ? '0 0 1 1 re f' : `q /X${k - 1} Do Q `.repeat(fanOut);
      const resources = k === 0 ? '' : `/Resources << /XObject << /X${k - 1} ${FIRST_FORM + k - 1} 0 R >> >>`;
      return pdfStream(content, { dict: `/Type /XObject /Subtype /Form /BBox [0 0 612 792] ${resources}` });
    });
    const top = depth - 1;
    return pdfFile(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /X${top} ${FIRST_FORM + top} 0 R >> >> /Contents 4 0 R >>`,
        pdfStream(`q /X${top} Do Q`),
        ...forms,
      ],
      '/Root 1 0 R',
    );
  },
  /** A content stream of millions of operators, compressed to a small file. */
  manyOperators: (count = 3_000_000) => pdfDocument([{ content: '0.5 g 10 10 5 5 re f\n'.repeat(count), flate: true }]),
};
