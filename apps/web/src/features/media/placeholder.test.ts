import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeholderUrl } from './placeholder';

describe('a tile placeholder', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('paints a valid blurhash on a small canvas and keeps the result', () => {
    const putImageData = vi.fn();
    const context = { createImageData: (w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4) }), putImageData };
    const create = vi.fn(() => ({
      width: 0,
      height: 0,
      getContext: () => context,
      toDataURL: () => 'data:image/png;base64,AAAA',
    }));
    vi.stubGlobal('document', { createElement: create });
    const hash = 'LEHV6nWB2yk8pyo0adR*.7kCMdnj';
    expect(placeholderUrl(hash)).toBe('data:image/png;base64,AAAA');
    expect(putImageData).toHaveBeenCalledTimes(1);
    expect(placeholderUrl(hash)).toBe('data:image/png;base64,AAAA');
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('gives nothing for no hash or a broken one', () => {
    expect(placeholderUrl(null)).toBeNull();
    expect(placeholderUrl('not a hash')).toBeNull();
  });
});
