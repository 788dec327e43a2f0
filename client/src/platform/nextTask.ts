/**
 * Resolves in a task of its own: a message to the page itself, which unlike a timer is neither clamped nor held
 * back in a hidden tab. Work awaited between its pieces (the entry's style slices, the first session before the
 * first render) runs as short tasks rather than one long one. Imports nothing: the entry uses it.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
