import { useEffect, useState } from 'react';

/** The phone's clock (ms), read again every `everyMs`: for what shows a time running out. */
export function useClock(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
