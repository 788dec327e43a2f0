import { afterEach, describe, expect, it } from "vitest";
import { ROLE_COOKIE } from "../../schemas/roleCookie.ts";
import { forgetRoleCookie, signedInRole, VIEWER_KEY } from "../../client/src/platform/viewerKey.ts";

// client/src/platform/viewerKey.ts: who the entry takes to be signed in before anything has asked the server.
// The page itself (a browser's cookie jar and storage) is in tests/e2e/app.spec.ts.

/** A page's document.cookie and localStorage, as far as the function reads them. */
function page({ cookie = "", stored }: { cookie?: string; stored?: string }) {
  const items = new Map<string, string>(stored === undefined ? [] : [[VIEWER_KEY, stored]]);
  const doc = { cookie };
  Object.assign(globalThis, { document: doc, localStorage: { getItem: (k: string) => items.get(k) ?? null } });
  return doc;
}
afterEach(() => {
  delete (globalThis as Record<string, unknown>).document;
  delete (globalThis as Record<string, unknown>).localStorage;
});

describe("signedInRole", () => {
  it("is the remembered viewer's role first", () => {
    page({ stored: JSON.stringify({ id: "x", name: "Dana", role: "manager" }), cookie: `${ROLE_COOKIE}=employee` });
    expect(signedInRole()).toBe("manager");
  });

  it("is the role cookie's when the device remembers no viewer, among other cookies", () => {
    page({ cookie: `a=1; ${ROLE_COOKIE}=employee; b=2` });
    expect(signedInRole()).toBe("employee");
    page({ cookie: `${ROLE_COOKIE}=manager`, stored: "{garbled" });
    expect(signedInRole()).toBe("manager");
  });

  it("is null for a visitor, and for a role the app does not know", () => {
    page({});
    expect(signedInRole()).toBeNull();
    page({ cookie: `${ROLE_COOKIE}=admin; x${ROLE_COOKIE}=manager` });
    expect(signedInRole()).toBeNull();
    page({ stored: JSON.stringify({ role: "owner" }) });
    expect(signedInRole()).toBeNull();
  });

  it("forgetting the cookie writes it expired, for the whole site", () => {
    const doc = page({ cookie: `${ROLE_COOKIE}=manager` });
    forgetRoleCookie();
    expect(doc.cookie).toMatch(new RegExp(`^${ROLE_COOKIE}=;.*Max-Age=0.*Path=/`));
  });
});
