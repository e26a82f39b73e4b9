/**
 * Calls `render` once: when `ready` settles, or after `patienceMs` if that comes first (the
 * page then renders what it has, e.g. its pending screen). `render` is told whether `ready`
 * failed, which it logs; the page renders anyway, showing what it can.
 */
export function renderWhenReady(
  ready: Promise<unknown>,
  render: (failed: boolean) => void,
  patienceMs = Infinity,
): void {
  let done = false;
  const once = (failed: boolean) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    render(failed);
  };
  const timer = Number.isFinite(patienceMs) ? setTimeout(() => once(false), patienceMs) : undefined;
  ready.then(
    () => once(false),
    (error: unknown) => {
      console.error('Loading the page failed', error);
      once(true);
    },
  );
}
