import PDFDocument from 'pdfkit';
import { drawAsGiven, FONTS, visual } from './rtl-text.js';

/** The languages a generated PDF is written in; Arabic and Hebrew read right to left. */
export type PdfLanguage = 'en' | 'ar' | 'he';

/**
 * A new PDF with the bundled fonts registered as 'regular' and 'bold', each drawing its text as given
 * (lines arrive already in visual order), and the document's bytes once `doc.end()` is called.
 */
export function startPdf(options: PDFKit.PDFDocumentOptions): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const name of ['regular', 'bold'] as const) {
    doc.registerFont(name, FONTS[name]);
    doc.font(name);
    // pdfkit's font object holds the fontkit font it lays text out with.
    drawAsGiven((doc as unknown as { _font: { font: Parameters<typeof drawAsGiven>[0] } })._font.font);
  }
  return { doc, done };
}

/**
 * Lines of a paragraph no wider than `width` in the document's current font, broken in reading order (a
 * right-to-left line is turned to visual order only once broken, so it is measured as it will be drawn).
 */
export function wrapLines(doc: PDFKit.PDFDocument, text: string, width: number, dir: 'ltr' | 'rtl'): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && doc.widthOfString(visual(next, dir)) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}
