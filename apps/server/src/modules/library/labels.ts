import bwipjs from 'bwip-js';
import { startPdf } from '../exports/pdf-kit.js';
import { visual } from '../exports/rtl-text.js';

export interface LabelCopy {
  barcode: string;
  title: string;
}

const MM = 72 / 25.4;
/** An A4 sheet of 3 × 8 labels of 63.5 × 33.9 mm (Avery L7160's layout). */
const SHEET = {
  columns: 3,
  rows: 8,
  width: 63.5 * MM,
  height: 33.9 * MM,
  top: 15.1 * MM,
  left: 7.2 * MM,
  gapX: 2.5 * MM,
  padding: 2 * MM,
};
const PER_PAGE = SHEET.columns * SHEET.rows;

const RTL = /[\u0590-\u08ff]/;

/** Shortens a line to `width` in the current font, with an ellipsis. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number, dir: 'ltr' | 'rtl'): string {
  if (doc.widthOfString(visual(text, dir)) <= width) return visual(text, dir);
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(visual(`${cut}…`, dir)) > width) cut = cut.slice(0, -1);
  return visual(`${cut.trimEnd()}…`, dir);
}

/**
 * Label sheets for copies: each label has the school's name, the item's title (Arabic and Hebrew put in
 * visual order) and the copy's barcode as Code 128 with its text beneath. `skip` labels of the first
 * sheet are left blank (a sheet already partly used). `onProgress` hears each page done.
 */
export async function labelsPdf(
  schoolName: string,
  copies: readonly LabelCopy[],
  skip: number,
  onProgress: (share: number) => Promise<void> = async () => undefined,
): Promise<Buffer> {
  const { doc, done } = startPdf({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: 'Library labels' } });
  const images = new Map<string, Buffer>();
  const slots = copies.length + skip;
  const pages = Math.max(1, Math.ceil(slots / PER_PAGE));
  for (let page = 0; page < pages; page++) {
    doc.addPage({ size: 'A4', margin: 0 });
    for (let slot = 0; slot < PER_PAGE; slot++) {
      const index = page * PER_PAGE + slot - skip;
      const copy = index >= 0 ? copies[index] : undefined;
      if (!copy) continue;
      const col = slot % SHEET.columns;
      const row = Math.floor(slot / SHEET.columns);
      const x = SHEET.left + col * (SHEET.width + SHEET.gapX) + SHEET.padding;
      const y = SHEET.top + row * SHEET.height + SHEET.padding;
      const w = SHEET.width - SHEET.padding * 2;
      const schoolDir = RTL.test(schoolName) ? 'rtl' : 'ltr';
      const titleDir = RTL.test(copy.title) ? 'rtl' : 'ltr';
      doc.font('regular').fontSize(6.5).fillColor('#555555');
      doc.text(fit(doc, schoolName, w, schoolDir), x, y, {
        width: w,
        align: schoolDir === 'rtl' ? 'right' : 'left',
        lineBreak: false,
      });
      doc.font('bold').fontSize(8).fillColor('#000000');
      doc.text(fit(doc, copy.title, w, titleDir), x, y + 9, {
        width: w,
        align: titleDir === 'rtl' ? 'right' : 'left',
        lineBreak: false,
      });
      let png = images.get(copy.barcode);
      if (!png) {
        png = await bwipjs.toBuffer({ bcid: 'code128', text: copy.barcode, scale: 3, height: 10, includetext: true });
        images.set(copy.barcode, png);
      }
      const imageHeight = SHEET.height - SHEET.padding * 2 - 22;
      doc.image(png, x, y + 21, { fit: [w, imageHeight], align: 'center' });
      // The barcode's text as text too (the image's digits cannot be searched or copied).
      doc
        .font('regular')
        .fontSize(1)
        .fillColor('#ffffff')
        .text(copy.barcode, x, y + 20, { lineBreak: false });
    }
    await onProgress(0.1 + (0.9 * (page + 1)) / pages);
  }
  doc.end();
  return done;
}
