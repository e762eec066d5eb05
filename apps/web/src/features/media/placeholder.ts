import { decode, isBlurhashValid } from 'blurhash';

const SIDE = 16;
const made = new Map<string, string | null>();

/**
 * A tile's placeholder while its thumbnail loads: the item's blurhash (a few colours, nothing
 * recognisable) painted on a 16 px canvas, as a data URL. Null where there is no canvas (tests) or the
 * hash is not one.
 */
export function placeholderUrl(hash: string | null): string | null {
  if (!hash) return null;
  const known = made.get(hash);
  if (known !== undefined) return known;
  let url: string | null = null;
  if (isBlurhashValid(hash).result && typeof document !== 'undefined') {
    const canvas = document.createElement('canvas');
    canvas.width = SIDE;
    canvas.height = SIDE;
    const context = canvas.getContext?.('2d');
    if (context) {
      const image = context.createImageData(SIDE, SIDE);
      image.data.set(decode(hash, SIDE, SIDE));
      context.putImageData(image, 0, 0);
      url = canvas.toDataURL();
    }
  }
  made.set(hash, url);
  return url;
}
