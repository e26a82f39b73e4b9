/**
 * The browser offers installation once, with `beforeinstallprompt`, 160–370 ms after load:
 * before the lazily mounted install buttons exist, and on a pre-rendered page before the
 * app's scripts run at all. A few lines inline in index.html keep the offer (and an
 * `appinstalled`) on `window` from the start; this module, imported first in main.tsx, takes
 * them over, listens from then on and keeps the offer for whichever button asks, until the
 * app is installed (issue 16).
 */

declare global {
  interface Window {
    __installOffer?: Event | null;
    __appInstalled?: boolean;
  }
}

export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  prompt: BeforeInstallPromptEvent | null;
  installed: boolean;
}

let state: InstallState = { prompt: null, installed: false };
const listeners = new Set<() => void>();

function set(next: InstallState): void {
  state = next;
  for (const listener of listeners) listener();
}

function isPromptEvent(event: Event): event is BeforeInstallPromptEvent {
  return 'prompt' in event && typeof event.prompt === 'function' && 'userChoice' in event;
}

if (typeof window !== 'undefined') {
  const early = window.__installOffer;
  state = {
    prompt: early && isPromptEvent(early) ? early : null,
    installed: window.__appInstalled === true,
  };
  window.addEventListener('beforeinstallprompt', (event) => {
    // Without this the browser shows its own mini-infobar; the app offers it in its menu.
    event.preventDefault();
    if (isPromptEvent(event)) set({ ...state, prompt: event });
  });
  window.addEventListener('appinstalled', () => set({ prompt: null, installed: true }));
}

export function installState(): InstallState {
  return state;
}

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the event can be used once, whatever the answer. */
export async function promptInstall(): Promise<void> {
  const event = state.prompt;
  if (!event) return;
  set({ ...state, prompt: null });
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') set({ prompt: null, installed: true });
}
