import { Trans as LinguiTrans, useLingui, type TransProps } from "@lingui/react";
import { createElement } from "react";

/** A tag of a message's markup (`<0>…</0>`, `<1/>`): what Lingui's Trans turns into elements (its pattern, which it does not export). */
const TAG = /<([a-zA-Z0-9]+)>([\s\S]*?)<\/\1>|<([a-zA-Z0-9]+)\/>/;

/**
 * What every `<Trans>` of the app renders (the build points Lingui's macro here: client/linguiMacro.ts).
 * Lingui's own Trans is three components deep (Trans, TransNoContext, RenderChildren) and splits every
 * translation on its markup pattern; most of the app's are plain text or text with values (a card's 'Edit',
 * 'Min: {0}'), six and more on each card of a list. Those come out here from `i18n._` in one component, as
 * the same text. Anything else (elements in the message or in its values, `render`, `component`, a
 * provider's `defaultComponent`, or markup in the translation) is Lingui's Trans, unchanged.
 */
export function Trans(props: TransProps) {
  const { i18n, defaultComponent } = useLingui();
  const { id, message, values, components, formats, render, component } = props;
  if (!components && render === undefined && component === undefined && !defaultComponent && plainValues(values)) {
    const text = i18n._(id, values, { message, formats });
    if (!TAG.test(text)) return text;
  }
  // Not as JSX: the catalogs' extractor reads a <Trans> of @lingui/react as a message, and this one has no id.
  return createElement(LinguiTrans, props);
}

/** No values, or only strings and numbers: values Lingui's Trans would not turn into elements. */
function plainValues(values: TransProps["values"]): boolean {
  if (!values) return true;
  for (const key in values) {
    const value = values[key];
    if (typeof value !== "string" && typeof value !== "number") return false;
  }
  return true;
}
