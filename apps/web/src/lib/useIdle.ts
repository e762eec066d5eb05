import { useEffect, useState } from 'react';
import { whenIdle } from './idle';

/** False until the browser has been idle once after the component mounted: for what can wait for the page. */
export function useIdle(timeout = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeout), [timeout]);
  return idle;
}
