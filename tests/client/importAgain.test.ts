import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IMPORT_RETRY_MS, importAgain } from "../../client/src/platform/importAgain.ts";

// client/src/platform/importAgain.ts: code fetched after the first screen, not reached (the network gone just then),
// is asked for again when the network is back, or after a while when the phone says it is online; three tries.

const notReached = () => new TypeError("Failed to fetch dynamically imported module");
/** A load that fails `failures` times, then gives the module. */
function flakyLoad(failures: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls++;
    if (calls <= failures) throw notReached();
    return { ok: true };
  });
  return load;
}
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe("importAgain", () => {
  let network: EventTarget;
  beforeEach(() => {
    vi.useFakeTimers();
    network = new EventTarget();
    vi.stubGlobal("window", network);
    vi.stubGlobal("navigator", { onLine: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("gives the module at once when it is reached", async () => {
    const load = flakyLoad(0);
    await expect(importAgain(load)).resolves.toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("online: asks again after 30 s, not before", async () => {
    const load = flakyLoad(1);
    const answer = importAgain(load);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(IMPORT_RETRY_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("offline: asks again when the network is back, however long that takes", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    const load = flakyLoad(1);
    const missed = vi.fn();
    const answer = importAgain(load, { missed });
    await settle();
    expect(missed).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * IMPORT_RETRY_MS);
    expect(load).toHaveBeenCalledTimes(1);
    network.dispatchEvent(new Event("online"));
    await expect(answer).resolves.toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("after three tries that fail, rejects with the last error, and asks no more", async () => {
    const load = flakyLoad(10);
    const missed = vi.fn();
    const answer = importAgain(load, { missed });
    const outcome = answer.then(
      () => "resolved",
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(5 * IMPORT_RETRY_MS);
    await expect(outcome).resolves.toBe("Failed to fetch dynamically imported module");
    expect(load).toHaveBeenCalledTimes(3);
    expect(missed).toHaveBeenCalledTimes(3);
  });
});
