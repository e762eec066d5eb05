import { createRequire } from 'node:module';

/*
 * Text for a PDF line in visual order: PDF has no bidirectional layout, so a right-to-left line is
 * reordered here (Unicode bidi algorithm, bidi-js) after its Arabic letters were put in their joined
 * forms (arabic-reshaper), which the font draws as they are.
 */
const require = createRequire(import.meta.url);
const bidi = (
  require('bidi-js') as () => {
    getEmbeddingLevels(text: string, direction?: 'ltr' | 'rtl'): unknown;
    getReorderedString(text: string, levels: unknown): string;
  }
)();
const reshaper = require('arabic-reshaper') as { convertArabic(text: string): string };

const RTL = /[\u0590-\u08ff]/;

export function visual(text: string, direction: 'ltr' | 'rtl'): string {
  if (!RTL.test(text)) return text;
  const shaped = reshaper.convertArabic(text);
  return bidi.getReorderedString(shaped, bidi.getEmbeddingLevels(shaped, direction));
}

interface LayoutFont {
  layout(text: string, features?: unknown, script?: string, language?: string, direction?: string): unknown;
}
/**
 * Makes a font lay text out as given, left to right: its lines arrive in visual order with Arabic
 * already joined, and the font's own engine would otherwise turn a line around again when it starts
 * with an Arabic or Hebrew letter.
 */
export function drawAsGiven(font: LayoutFont): void {
  const layout = font.layout.bind(font);
  font.layout = (text, features) => layout(text, features, 'latn', undefined, 'ltr');
}

/** The fonts the documents use: DejaVu Sans has Latin, Arabic (with its joined forms) and Hebrew. */
export const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
