import { describe, expect, it } from "vitest";
import { MAX_RULES, readSnapshot, saveStyles, styleStore } from "../../client/src/platform/styleSnapshot.ts";
import type { StyleStore } from "../../client/src/platform/styleStore.ts";

// client/src/platform/styleSnapshot.ts: what a device keeps of the rules its style engine wrote. Writing
// them back into a page is in tests/e2e/styles.spec.ts (a real browser's CSSOM).

const ENGINE = "@emotion/cache@11.14.0 stylis@4.2.0";
const snapshot = { engine: ENGINE, names: ["1abc-Button"], rules: [".css-1abc-Button{color:red}"] };

/** A store in memory (the app's is the origin's Cache Storage, in tests/e2e/styles.spec.ts). */
function memoryStore(): StyleStore & { json: string | null } {
  const store = {
    json: null as string | null,
    read: async () => store.json,
    write: async (json: string) => void (store.json = json),
    remove: async () => void (store.json = null),
  };
  return store;
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
  it("keeps names and rules for the engine, read back as they were", async () => {
    const store = memoryStore();
    await saveStyles(ENGINE, snapshot.names, snapshot.rules, store);
    expect(readSnapshot(await store.read(), ENGINE)).toEqual(snapshot);
  });

  it("past MAX_RULES forgets the device's snapshot, so that the next start begins a new one", async () => {
    const store = memoryStore();
    await saveStyles(ENGINE, snapshot.names, snapshot.rules, store);
    expect(store.json).not.toBeNull();
    await saveStyles(
      ENGINE,
      ["x"],
      Array.from({ length: MAX_RULES + 1 }, (_, i) => `.c${i}{}`),
      store,
    );
    expect(store.json).toBeNull();
  });

  it("where there is no Cache Storage (no secure context), nothing is kept and nothing fails", async () => {
    expect(typeof caches).toBe("undefined");
    const store = styleStore();
    await expect(saveStyles(ENGINE, snapshot.names, snapshot.rules, store)).resolves.toBeUndefined();
    await expect(store.read()).resolves.toBeNull();
    await expect(store.remove()).resolves.toBeUndefined();
  });
});
