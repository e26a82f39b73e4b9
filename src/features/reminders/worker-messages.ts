/**
 * The service worker's messages to this page (a notification click's "open this policy"),
 * listened for from the first download. The reminder agent that acts on them loads only once
 * the page is idle (issue 22), and a window's message queue starts delivering as soon as the
 * document has loaded: without this, a click that opens the app, or lands while it starts,
 * would be lost before anyone listens.
 */
type Handler = (data: unknown) => void;

let handler: Handler | null = null;
let waiting: unknown[] = [];

if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if (handler) handler(event.data);
    else waiting.push(event.data);
  });
}

/** Takes the messages that came before, then each one as it comes; returns the unsubscribe. */
export function receiveWorkerMessages(next: Handler): () => void {
  handler = next;
  const earlier = waiting;
  waiting = [];
  earlier.forEach(next);
  return () => {
    if (handler === next) handler = null;
  };
}
