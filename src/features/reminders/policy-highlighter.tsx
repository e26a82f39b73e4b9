import { useEffect, useRef } from 'react';
import { shownPolicyCard } from '@/lib/shown-policy-card';

const WAIT_MS = 10_000;
const HIGHLIGHT_MS = 6_000;
/** How long the card is kept on screen while the page above it is still settling. */
const SETTLE_MS = 2_000;

/**
 * Brings the card on screen and keeps it there while the dashboard settles: panels above it
 * render after it, and the router's scroll to the top of a new page can land after it, each
 * of which pushed the card off screen (issue 16). Stops at once when the user scrolls.
 */
function keepInView(card: HTMLElement): void {
  const until = performance.now() + SETTLE_MS;
  let userMoved = false;
  const moved = () => {
    userMoved = true;
  };
  const events = ['wheel', 'touchstart', 'keydown'] as const;
  for (const name of events) window.addEventListener(name, moved, { passive: true });
  const offScreen = () => {
    const box = card.getBoundingClientRect();
    return box.top < 0 || box.bottom > window.innerHeight;
  };
  const tick = () => {
    if (userMoved || performance.now() > until || !card.isConnected) {
      for (const name of events) window.removeEventListener(name, moved);
      return;
    }
    if (offScreen()) card.scrollIntoView({ block: 'center', behavior: 'instant' });
    window.requestAnimationFrame(tick);
  };
  card.scrollIntoView({ block: 'center', behavior: 'instant' });
  window.requestAnimationFrame(tick);
}

/**
 * Scrolls to a policy's card on the dashboard and marks it (a reminder was opened). The card
 * appears only once the local store has been read, so this waits for it. The card's
 * `data-policy-id` attribute is the tracker's; this component only adds an outline and focus.
 */
export function PolicyHighlighter({
  policyId,
  onDone,
}: {
  policyId: string | undefined;
  /** Called once the card was shown (or never appeared), e.g. to drop ?highlight from the URL. */
  onDone?: () => void;
}) {
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    if (!policyId) return;
    let finished = false;
    const observer = new MutationObserver(() => {
      const card = shownPolicyCard(policyId);
      if (card && !finished) highlight(card);
    });

    const highlight = (card: HTMLElement) => {
      finished = true;
      observer.disconnect();
      card.dataset.highlighted = 'true';
      const previous = { outline: card.style.outline, offset: card.style.outlineOffset };
      card.style.outline = '3px solid var(--mantine-color-orange-6)';
      card.style.outlineOffset = '2px';
      if (!card.hasAttribute('tabindex')) card.setAttribute('tabindex', '-1');
      keepInView(card);
      // Focus moves the screen reader to the policy the notification was about.
      card.focus({ preventScroll: true });
      // Not cancelled on unmount: dropping ?highlight re-renders this, the outline still fades.
      window.setTimeout(() => {
        delete card.dataset.highlighted;
        card.style.outline = previous.outline;
        card.style.outlineOffset = previous.offset;
      }, HIGHLIGHT_MS);
      onDoneRef.current?.();
    };

    const existing = shownPolicyCard(policyId);
    if (existing) {
      // After the router's own scroll-to-top for the new page.
      const frame = window.requestAnimationFrame(() => highlight(existing));
      return () => window.cancelAnimationFrame(frame);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = window.setTimeout(() => {
      if (finished) return;
      observer.disconnect();
      onDoneRef.current?.();
    }, WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
  }, [policyId]);

  return null;
}
