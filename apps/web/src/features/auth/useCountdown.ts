import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a deadline, ticking once a second; `start` sets a new deadline. */
export function useCountdown(seconds: number) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const start = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setDeadline(current + seconds * 1000);
  }, [seconds]);

  const reset = useCallback(() => setDeadline(null), []);

  const remaining = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { remaining, start, reset };
}

/** 27 -> "0:27" */
export const formatSeconds = (total: number): string => `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
