import { createElement, lazy, Suspense, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyComponent } from "../../client/src/platform/lazyComponent.ts";

// client/src/platform/lazyComponent.ts: a code-split component that renders at once once its chunk is in,
// where React.lazy suspends on its first render regardless (and a fallback shown for a moment holds the
// screen back by React's 300 ms reveal throttle). renderToString renders a suspended boundary's fallback.

const Hello = ({ name }: { name: string }) => createElement("p", null, `Hello ${name}`);
const inBoundary = (Component: ComponentType<{ name: string }>) => renderToString(createElement(Suspense, { fallback: createElement("i", null, "Loading...") }, createElement(Component, { name: "Ana" })));

describe("lazyComponent", () => {
  it("suspends while its chunk is on its way, like React.lazy", () => {
    const Lazy = lazyComponent(() => new Promise<{ default: typeof Hello }>(() => {}));
    expect(inBoundary(Lazy)).toContain("Loading...");
  });

  it("renders at once, with its props, when preload() has resolved", async () => {
    const Lazy = lazyComponent(async () => ({ default: Hello }));
    await Lazy.preload();
    expect(inBoundary(Lazy)).toMatch(/^(<!--\$-->)?<p>Hello Ana<\/p>(<!--\/\$-->)?$/);
  });

  it("renders at once after a render that suspended has seen the chunk arrive", async () => {
    const Lazy = lazyComponent(async () => ({ default: Hello }));
    expect(inBoundary(Lazy)).toContain("Loading...");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(inBoundary(Lazy)).toMatch(/^(<!--\$-->)?<p>Hello Ana<\/p>(<!--\/\$-->)?$/);
  });

  it("is needed: React.lazy suspends on its first render although its module has arrived", async () => {
    const module = Promise.resolve({ default: Hello });
    await module;
    expect(inBoundary(lazy(() => module))).toContain("Loading...");
  });

  it("loads its chunk once, however often it is preloaded or rendered", async () => {
    let loads = 0;
    const Lazy = lazyComponent(async () => {
      loads++;
      return { default: Hello };
    });
    inBoundary(Lazy);
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    inBoundary(Lazy);
    expect(loads).toBe(1);
  });

  it("keeps a chunk's failure, as React.lazy does: preload rejects and the load is not retried", async () => {
    let loads = 0;
    const Lazy = lazyComponent<{ default: typeof Hello }>(() => {
      loads++;
      return Promise.reject(new Error("chunk failed"));
    });
    await expect(Lazy.preload()).rejects.toThrow("chunk failed");
    await expect(Lazy.preload()).rejects.toThrow("chunk failed");
    expect(loads).toBe(1);
  });
});
