import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// client/src/features/reports/reveal.tsx: the reports off the screen render one per turn once the first screen is up;
// a report that leaves before its turn's commit hands the turn on, and one that starts waiting later still gets one.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function load() {
  vi.resetModules();
  const firstScreen = await import("../../client/src/platform/firstScreen.ts");
  const { ReportReveal } = await import("../../client/src/features/reports/reveal.tsx");
  // A tab in the background (after the imports, which read the real document): the first screen's waiting work
  // runs as soon as the screen is shown.
  vi.stubGlobal("document", { visibilityState: "hidden" });
  return { firstScreen, reveal: new ReportReveal() };
}

describe("ReportReveal", () => {
  it("waits for the first screen, then gives one report a turn at a time, each after the last one's commit", async () => {
    const { firstScreen, reveal } = await load();
    const shown: string[] = [];
    const show = (name: string) => () => shown.push(name);
    const [a, b, c] = [show("a"), show("b"), show("c")];
    reveal.wait(a);
    reveal.wait(b);
    const cancel = reveal.wait(c);
    expect(shown).toEqual([]);
    firstScreen.firstScreenShown();
    expect(shown).toEqual(["a"]);
    // Only the report whose turn it is hands it on, and the next turn comes in a task of its own.
    reveal.done(b);
    reveal.done(a);
    expect(shown).toEqual(["a"]);
    vi.runAllTimers();
    expect(shown).toEqual(["a", "b"]);
    // c left the page before its turn; b leaves before its commit (its unmount hands the turn on).
    cancel();
    reveal.done(b);
    vi.runAllTimers();
    expect(shown).toEqual(["a", "b"]);
  });

  it("gives a report that starts waiting after the others were all shown its turn", async () => {
    const { firstScreen, reveal } = await load();
    firstScreen.firstScreenShown();
    const shown: string[] = [];
    const a = () => shown.push("a");
    reveal.wait(a);
    reveal.done(a);
    vi.runAllTimers();
    const late = () => shown.push("late");
    reveal.wait(late);
    expect(shown).toEqual(["a", "late"]);
  });
});
