/** A PNG of the page behind the dialogs (the app's root element), made with html-to-image (loaded on demand). */
export async function capturePage(): Promise<Blob> {
  const root = document.getElementById('root');
  if (!root) throw new Error('No page to capture');
  const { toBlob } = await import('html-to-image');
  const blob = await toBlob(root, {
    pixelRatio: Math.min(window.devicePixelRatio || 1, 2),
    backgroundColor: '#ffffff',
    width: root.scrollWidth,
    height: Math.min(root.scrollHeight, 4000),
    // Skip what is not part of the page: the report button's tooltips, the floating panels.
    filter: (node) => !(node instanceof HTMLElement && node.dataset.screenshot === 'skip'),
  });
  if (!blob) throw new Error('Screenshot failed');
  return blob;
}
