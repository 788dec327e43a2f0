/**
 * Runs `run` with the `<link rel="modulepreload">` elements it appends to `head` held back, and returns
 * them. Vite's preload helper appends one such link per chunk an `import()` needs (that the document has
 * not preloaded), all in the task that calls the import; each starts a request, a millisecond and more
 * where a service worker serves the files. The entry (src/main.tsx) appends the held links a few per task
 * (`inBatches`) instead. Anything else `run` appends goes in at once; `head.appendChild` is itself again
 * when `run` returns or throws.
 */
export function holdModulePreloads(head: Pick<Node, "appendChild">, run: () => unknown): Node[] {
  const held: Node[] = [];
  const own = Object.getOwnPropertyDescriptor(head, "appendChild");
  const append = head.appendChild;
  Object.defineProperty(head, "appendChild", {
    configurable: true,
    writable: true,
    value<T extends Node>(node: T): T {
      if ((node as Partial<HTMLLinkElement>).rel === "modulepreload") {
        held.push(node);
        return node;
      }
      return append.call(head, node) as T;
    },
  });
  try {
    run();
  } finally {
    if (own) Object.defineProperty(head, "appendChild", own);
    else delete (head as { appendChild?: unknown }).appendChild;
  }
  return held;
}

/** `items` in groups of `size` (the last may be smaller). */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}
