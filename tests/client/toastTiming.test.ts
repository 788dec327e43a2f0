import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OWN_TOAST_HOLD_MS, toastTiming } from "../../client/src/platform/toastTiming.ts";

// §9 shows one toast at a time. The answer to the user's own action must stay up OWN_TOAST_HOLD_MS before
// a live event's toast (another user's change: Low Stock Alert) replaces it.

type T = { title: string; live?: boolean };
let shown: { title: string; at: number }[];
let show: (t: T) => void;
beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  shown = [];
  show = toastTiming<T>((t) => shown.push({ title: t.title, at: Date.now() }));
});
afterEach(() => vi.useRealTimers());

describe("toast timing", () => {
  it("shows the user's own toasts at once, and a live one at once when no own toast is fresh", () => {
    show({ title: "Item updated" });
    vi.advanceTimersByTime(OWN_TOAST_HOLD_MS);
    show({ title: "Low Stock Alert", live: true });
    show({ title: "Item deleted" });
    expect(shown).toEqual([
      { title: "Item updated", at: 0 },
      { title: "Low Stock Alert", at: OWN_TOAST_HOLD_MS },
      { title: "Item deleted", at: OWN_TOAST_HOLD_MS },
    ]);
  });

  it("holds a live toast until the user's own has been up for its time", () => {
    show({ title: "Item updated" });
    vi.advanceTimersByTime(200);
    show({ title: "Low Stock Alert", live: true });
    expect(shown.map((s) => s.title)).toEqual(["Item updated"]);
    vi.advanceTimersByTime(OWN_TOAST_HOLD_MS - 201);
    expect(shown.map((s) => s.title)).toEqual(["Item updated"]);
    vi.advanceTimersByTime(1);
    expect(shown.at(-1)).toEqual({ title: "Low Stock Alert", at: OWN_TOAST_HOLD_MS });
  });

  it("a held live toast waits again for an own toast raised while it waited", () => {
    show({ title: "API token revoked" });
    vi.advanceTimersByTime(1000);
    show({ title: "Low Stock Alert", live: true }); // waits until 1500
    vi.advanceTimersByTime(400);
    show({ title: "Webhook updated" }); // at 1400: must stay until 2900
    vi.advanceTimersByTime(OWN_TOAST_HOLD_MS - 1);
    expect(shown.at(-1)).toEqual({ title: "Webhook updated", at: 1400 });
    vi.advanceTimersByTime(1);
    expect(shown.at(-1)).toEqual({ title: "Low Stock Alert", at: 1400 + OWN_TOAST_HOLD_MS });
    expect(shown).toHaveLength(3);
  });
});
