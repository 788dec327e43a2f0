import { describe, expect, it } from "vitest";
import { holdModulePreloads, inBatches } from "../../client/src/platform/modulePreloads.ts";

// client/src/platform/modulePreloads.ts: the entry (src/main.tsx) holds back the modulepreload links Vite's
// preload helper appends in an import's task, and appends them a few per task. A stand-in for
// document.head records what reaches it (the test environment has no DOM).

type Fake = { rel?: string; href: string };
function fakeHead() {
  const appended: Fake[] = [];
  const head = {
    appendChild<T>(node: T): T {
      appended.push(node as Fake);
      return node;
    },
  };
  return { head: head as unknown as Pick<Node, "appendChild">, appended, original: head.appendChild };
}
const link = (href: string, rel = "modulepreload") => ({ rel, href }) as unknown as Node;

describe("holdModulePreloads", () => {
  it("holds back the modulepreload links appended while it runs, in order, and returns them", () => {
    const { head, appended } = fakeHead();
    const held = holdModulePreloads(head, () => {
      head.appendChild(link("/assets/a.js"));
      head.appendChild(link("/assets/b.js"));
    });
    expect(appended).toEqual([]);
    expect((held as unknown as Fake[]).map((l) => l.href)).toEqual(["/assets/a.js", "/assets/b.js"]);
  });

  it("lets anything else through at once (a stylesheet, a script)", () => {
    const { head, appended } = fakeHead();
    const held = holdModulePreloads(head, () => {
      head.appendChild(link("/assets/a.css", "stylesheet"));
      head.appendChild({ src: "/x.js" } as unknown as Node);
      head.appendChild(link("/assets/a.js"));
    });
    expect(appended.map((n) => n.href ?? "script")).toEqual(["/assets/a.css", "script"]);
    expect(held).toHaveLength(1);
  });

  it("gives the head its own appendChild back after the run, and after a run that throws", () => {
    const { head, appended, original } = fakeHead();
    holdModulePreloads(head, () => {});
    expect(head.appendChild).toBe(original);
    expect(() =>
      holdModulePreloads(head, () => {
        throw new Error("chunk failed");
      }),
    ).toThrow("chunk failed");
    expect(head.appendChild).toBe(original);
    head.appendChild(link("/assets/later.js"));
    expect(appended.map((l) => l.href)).toEqual(["/assets/later.js"]);
  });

  it("restores a head whose appendChild is its prototype's (a real document.head) by removing its own copy", () => {
    class Head {
      nodes: Fake[] = [];
      appendChild<T>(node: T): T {
        this.nodes.push(node as Fake);
        return node;
      }
    }
    const head = new Head();
    const held = holdModulePreloads(head as unknown as Pick<Node, "appendChild">, () => head.appendChild(link("/assets/a.js")));
    expect(held).toHaveLength(1);
    expect(Object.hasOwn(head, "appendChild")).toBe(false);
    head.appendChild(link("/assets/b.js"));
    expect(head.nodes.map((l) => l.href)).toEqual(["/assets/b.js"]);
  });
});

describe("inBatches", () => {
  it("cuts a list into groups of the given size, the last one smaller", () => {
    expect(inBatches([1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9]]);
    expect(inBatches([], 4)).toEqual([]);
  });
});
