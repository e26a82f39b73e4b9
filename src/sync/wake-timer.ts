/**
 * One pending wake-up that keeps the earliest time asked for: a request for later while one
 * is due sooner changes nothing, a sooner one replaces it. The sync engine and the upload
 * queue each keep one, so a burst of triggers runs their work once.
 */
export interface WakeTimer {
  /** Calls the wake-up in delayMs, unless it is already due by then. */
  schedule(delayMs: number): void;
  cancel(): void;
}

export function createWakeTimer(wake: () => void): WakeTimer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due = Infinity;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    due = Infinity;
  };
  return {
    schedule(delayMs) {
      const at = Date.now() + delayMs;
      if (timer !== undefined && due <= at) return;
      cancel();
      due = at;
      timer = setTimeout(() => {
        timer = undefined;
        due = Infinity;
        wake();
      }, delayMs);
    },
    cancel,
  };
}
