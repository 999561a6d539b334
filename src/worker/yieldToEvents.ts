/** Yields to the worker's event loop (faster than setTimeout, which clamps to 4 ms), so a Cancel or Pause can arrive. */
export function yieldToEvents(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(null);
  });
}
