import { describe, expect, it } from 'vitest';
import { clampPosition, initialPosition, windowSize } from './position';

describe('small chat window position', () => {
  it('is 420x560 and starts 16 px from the bottom-right corner (bottom-left right to left)', () => {
    const viewport = { width: 1280, height: 800 };
    expect(windowSize(viewport)).toEqual({ width: 420, height: 560 });
    expect(initialPosition(viewport)).toEqual({ x: 1280 - 420 - 16, y: 800 - 560 - 16 });
    expect(initialPosition(viewport, true)).toEqual({ x: 16, y: 800 - 560 - 16 });
  });

  it('shrinks on a small screen and stays on screen when dragged', () => {
    const phone = { width: 390, height: 500 };
    expect(windowSize(phone)).toEqual({ width: 358, height: 468 });
    expect(clampPosition({ x: -50, y: 900 }, phone)).toEqual({ x: 0, y: 32 });
    expect(clampPosition({ x: 10.4, y: 5.6 }, { width: 1280, height: 800 })).toEqual({ x: 10, y: 6 });
  });
});
