import { useEffect, useState } from 'react';
import { localToday, type IsoDate } from '@/domain/policy';

/**
 * Today's date, re-read when the tab becomes visible or focused again: a phone left on the
 * dashboard overnight must count from the new day when the user comes back.
 */
export function useLocalToday(): IsoDate {
  const [today, setToday] = useState(() => localToday());
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') setToday(localToday());
    };
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('focus', refresh);
    const timer = window.setInterval(refresh, 60 * 60 * 1000);
    return () => {
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('focus', refresh);
      window.clearInterval(timer);
    };
  }, []);
  return today;
}
