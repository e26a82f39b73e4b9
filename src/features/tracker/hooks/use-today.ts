import { useEffect, useState } from 'react';
import { localToday, type IsoDate } from '@/domain/policy';

function msUntilNextMidnight(now: Date): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  // A second past midnight, so a timer that fires a little early still lands on the new day.
  return next.getTime() - now.getTime() + 1000;
}

/**
 * Today's local date, kept current while the page stays open: it changes at local midnight,
 * and is re-read whenever the tab becomes visible again (timers sleep with the device, so a
 * phone woken the next morning would otherwise still show yesterday's counters).
 */
export function useToday(): IsoDate {
  const [today, setToday] = useState(() => localToday());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      const now = new Date();
      setToday(localToday(now));
      clearTimeout(timer);
      timer = setTimeout(refresh, msUntilNextMidnight(now));
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    refresh();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, []);
  return today;
}
