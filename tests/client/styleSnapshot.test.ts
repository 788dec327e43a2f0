import { describe, expect, it } from "vitest";
import { MAX_RULES, readSnapshot, saveStyles, STYLES_KEY } from "../../client/src/platform/styleSnapshot.ts";

// client/src/platform/styleSnapshot.ts: what a device keeps of the rules its style engine wrote. Writing
// them back into a page is in tests/e2e/styles.spec.ts (a real browser's CSSOM).

const ENGINE = "@emotion/cache@11.14.0 stylis@4.2.0";
const snapshot = { engine: ENGINE, names: ["1abc-Button"], rules: [".css-1abc-Button{color:red}"] };

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe("readSnapshot", () => {
  it("reads a snapshot of the same engine", () => {
    expect(readSnapshot(JSON.stringify(snapshot), ENGINE)).toEqual(snapshot);
  });

  it("uses nothing of another engine's, a malformed or an oversized one", () => {
    expect(readSnapshot(JSON.stringify(snapshot), "@emotion/cache@11.15.0 stylis@4.2.0")).toBeNull();
    for (const bad of [
      "",
      "{",
      "null",
      "[]",
      JSON.stringify({ ...snapshot, names: "1abc" }),
      JSON.stringify({ ...snapshot, rules: [1] }),
      JSON.stringify({ engine: ENGINE }),
    ])
      expect(readSnapshot(bad, ENGINE), bad).toBeNull();
    expect(readSnapshot(JSON.stringify({ ...snapshot, rules: Array.from({ length: MAX_RULES + 1 }, (_, i) => `.c${i}{}`) }), ENGINE)).toBeNull();
    expect(readSnapshot(null, ENGINE)).toBeNull();
  });
});

describe("saveStyles", () => {
  it("keeps names and rules for the engine, read back as they were", () => {
    const storage = memoryStorage();
    saveStyles(ENGINE, snapshot.names, snapshot.rules, storage);
    expect(readSnapshot(storage.getItem(STYLES_KEY), ENGINE)).toEqual(snapshot);
  });

  it("past MAX_RULES forgets the device's snapshot, so that the next start begins a new one", () => {
    const storage = memoryStorage();
    saveStyles(ENGINE, snapshot.names, snapshot.rules, storage);
    saveStyles(
      ENGINE,
      ["x"],
      Array.from({ length: MAX_RULES + 1 }, (_, i) => `.c${i}{}`),
      storage,
    );
    expect(storage.items.has(STYLES_KEY)).toBe(false);
  });

  it("a full or unavailable storage loses nothing but the snapshot", () => {
    const full = {
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      removeItem: () => {},
    };
    expect(() => saveStyles(ENGINE, snapshot.names, snapshot.rules, full)).not.toThrow();
  });
});
