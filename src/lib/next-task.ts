/**
 * A turn for the browser: what comes after runs in a task of its own (issue 22: a long task
 * at a slow phone's speed blocks input; several short ones do not).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    // A message is not clamped to 4 ms as a fifth nested zero timeout is.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
