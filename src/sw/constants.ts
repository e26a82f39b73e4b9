/** Names the page and the service worker must agree on. */

/** The daily Periodic Background Sync tag the page registers and the worker answers. */
export const PERIODIC_SYNC_TAG = 'bimaguide-renewals';

/** The message a focused window gets to open a reminder's policy (the page routes itself). */
export const OPEN_REMINDER_MESSAGE = 'bimaguide:open-reminder';
