/** The small chat window (spec section 9): 420x560 px, first shown 16 px from the bottom corner. */
export const SMALL_CHAT_WIDTH = 420;
export const SMALL_CHAT_HEIGHT = 560;
export const SMALL_CHAT_OFFSET = 16;

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** The window's size on this screen: its own, or the screen less the offsets on a small one. */
export const windowSize = (viewport: Size): Size => ({
  width: Math.min(SMALL_CHAT_WIDTH, Math.max(0, viewport.width - 2 * SMALL_CHAT_OFFSET)),
  height: Math.min(SMALL_CHAT_HEIGHT, Math.max(0, viewport.height - 2 * SMALL_CHAT_OFFSET)),
});

/** Top-left corner of the first position: bottom-right (bottom-left right to left), 16 px in. */
export function initialPosition(viewport: Size, rtl = false): Point {
  const size = windowSize(viewport);
  return {
    x: rtl ? SMALL_CHAT_OFFSET : viewport.width - size.width - SMALL_CHAT_OFFSET,
    y: viewport.height - size.height - SMALL_CHAT_OFFSET,
  };
}

/** Keeps the whole window on screen. */
export function clampPosition(point: Point, viewport: Size): Point {
  const size = windowSize(viewport);
  return {
    x: Math.round(Math.min(Math.max(0, point.x), Math.max(0, viewport.width - size.width))),
    y: Math.round(Math.min(Math.max(0, point.y), Math.max(0, viewport.height - size.height))),
  };
}
