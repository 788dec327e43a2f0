import { I18nProvider } from "@lingui/react";
import { setupI18n } from "@lingui/core";
import { createElement, Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Trans } from "../../client/src/platform/Trans.ts";

// client/src/platform/Trans.ts, what every <Trans> of the app renders (client/linguiMacro.ts): a plain message
// comes out of i18n._ in one component, anything else is Lingui's Trans; both render what Lingui's would.

const i18n = setupI18n({ locale: "es-US", messages: { "es-US": { plain: "Editar", count: "Mín: {0}", tagged: "Lee <0>esto</0>", marked: "a <0/> b" } } });
const html = (node: ReactNode) => renderToStaticMarkup(createElement(I18nProvider, { i18n }, node));

describe("Trans", () => {
  it("renders a plain message's translation, with string and number values", () => {
    expect(html(createElement(Trans, { id: "plain", message: "Edit" }))).toBe("Editar");
    expect(html(createElement(Trans, { id: "count", message: "Min: {0}", values: { 0: 12 } }))).toBe("Mín: 12");
    // No entry: the source message.
    expect(html(createElement(Trans, { id: "missing", message: "Record use" }))).toBe("Record use");
  });
  it("leaves elements, element values and markup in a translation to Lingui's Trans", () => {
    expect(html(createElement(Trans, { id: "tagged", message: "Read <0>this</0>", components: { 0: createElement("strong") } }))).toBe("Lee <strong>esto</strong>");
    expect(html(createElement(Trans, { id: "count", message: "Min: {0}", values: { 0: createElement("b", null, "3") } }))).toBe("Mín: <b>3</b>");
    // Markup without its element: Lingui drops it (and says so) rather than showing the tag.
    const error = console.error;
    console.error = () => {};
    try {
      expect(html(createElement(Trans, { id: "marked", message: "a <0/> b" }))).toBe("a  b");
    } finally {
      console.error = error;
    }
  });
  it("is one component for a plain message, against Lingui's three", () => {
    // The element the component returns: the text itself, no further component.
    let rendered: unknown;
    const Probe = () => {
      rendered = (Trans as (p: object) => unknown)({ id: "plain", message: "Edit" });
      return createElement(Fragment, null, rendered as ReactNode);
    };
    html(createElement(Probe));
    expect(rendered).toBe("Editar");
  });
});
