import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * A QR code of a text (a kiosk's pairing link), drawn in the browser by bwip-js: nothing leaves the
 * page. Its library loads only when a kiosk is added.
 */
export function PairingQr({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('bwip-js/browser')
      .then((bwip) => {
        if (live) setSvg(bwip.toSVG({ bcid: 'qrcode', text, scale: 4, paddingwidth: 2, paddingheight: 2 }));
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [text]);
  // Without the picture the link below it still pairs the tablet.
  if (failed) return null;
  if (!svg) return <Skeleton w={size} h={size} radius="md" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={size}
      height={size}
      data-testid="kiosk-qr"
      style={{ background: 'white', borderRadius: 8 }}
    />
  );
}
