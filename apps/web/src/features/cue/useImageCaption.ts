import { useCallback, useEffect, useState } from 'react';
import { getSocket } from '../../lib/socket';
import { capabilitiesOf, requestCaption } from './capabilities';

/**
 * Captions for pictures through the server's vision model. `available` is null while the server is
 * asked, then whether a caption button should show at all (hidden without a caption model).
 */
export function useImageCaption() {
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void capabilitiesOf(getSocket()).then((c) => {
      if (live) setAvailable(c.captions);
    });
    return () => {
      live = false;
    };
  }, []);
  const caption = useCallback((imageUrl: string) => requestCaption(getSocket(), imageUrl), []);
  return { available, caption };
}
