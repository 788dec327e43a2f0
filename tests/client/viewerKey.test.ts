import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ROLE_COOKIE } from "../../schemas/roleCookie.ts";
import { VIEWER_KEY } from "../../client/src/platform/viewerKey.ts";

// client/src/platform/viewerKey.ts: who the entry takes to be signed in before anything has asked the server.
// The page itself (a browser's cookie jar, the Cookie Store API and IndexedDB) is in tests/e2e/app.spec.ts; here,
// without IndexedDB, what the device keeps comes from localStorage (platform/deviceStore.ts's fallback).

/** A page's document.cookie, localStorage and (with `cookieStore`) the Cookie Store API, as far as the function reads them. */
function page({ cookie = "", stored, cookieStore }: { cookie?: string; stored?: string; cookieStore?: Record<string, string> | "refuses" }) {
  const items = new Map<string, string>(stored === undefined ? [] : [[VIEWER_KEY, stored]]);
  const doc = { cookie };
  const store = cookieStore && {
    get: async (name: string) => {
      if (cookieStore === "refuses") throw new DOMException("opaque origin", "SecurityError");
      return name in cookieStore ? { name, value: cookieStore[name] } : null;
    },
  };
  Object.assign(globalThis, { document: doc, localStorage: { getItem: (k: string) => items.get(k) ?? null }, ...(store ? { cookieStore: store } : {}) });
  return doc;
}
/** The module afresh, as a new page loads it (what the device keeps is read once a page). */
const fresh = async () => {
  vi.resetModules();
  return import("../../client/src/platform/viewerKey.ts");
};
beforeEach(() => vi.resetModules());
afterEach(() => {
  for (const name of ["document", "localStorage", "cookieStore"]) delete (globalThis as Record<string, unknown>)[name];
});

describe("signedInRole", () => {
  it("is the remembered viewer's role first", async () => {
    page({ stored: JSON.stringify({ id: "x", name: "Dana", role: "manager" }), cookie: `${ROLE_COOKIE}=employee` });
    expect(await (await fresh()).signedInRole()).toBe("manager");
  });

  it("is the role cookie's when the device remembers no viewer, among other cookies", async () => {
    page({ cookie: `a=1; ${ROLE_COOKIE}=employee; b=2` });
    expect(await (await fresh()).signedInRole()).toBe("employee");
    page({ cookie: `${ROLE_COOKIE}=manager`, stored: "{garbled" });
    expect(await (await fresh()).signedInRole()).toBe("manager");
  });

  it("reads the cookie through the Cookie Store API where there is one, else the document's cookies", async () => {
    page({ cookie: `${ROLE_COOKIE}=employee`, cookieStore: { [ROLE_COOKIE]: "manager" } });
    expect(await (await fresh()).signedInRole()).toBe("manager");
    page({ cookie: `${ROLE_COOKIE}=employee`, cookieStore: {} });
    expect(await (await fresh()).signedInRole()).toBeNull();
    page({ cookie: `${ROLE_COOKIE}=employee`, cookieStore: "refuses" });
    expect(await (await fresh()).signedInRole()).toBe("employee");
  });

  it("is null for a visitor, and for a role the app does not know", async () => {
    page({});
    expect(await (await fresh()).signedInRole()).toBeNull();
    page({ cookie: `${ROLE_COOKIE}=admin; x${ROLE_COOKIE}=manager` });
    expect(await (await fresh()).signedInRole()).toBeNull();
    page({ stored: JSON.stringify({ role: "owner" }) });
    expect(await (await fresh()).signedInRole()).toBeNull();
  });

  it("forgetting the cookie writes it expired, for the whole site", async () => {
    const doc = page({ cookie: `${ROLE_COOKIE}=manager` });
    (await fresh()).forgetRoleCookie();
    expect(doc.cookie).toMatch(new RegExp(`^${ROLE_COOKIE}=;.*Max-Age=0.*Path=/`));
  });
});
