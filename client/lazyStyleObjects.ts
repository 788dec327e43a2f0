import type { Plugin } from "vite";

/**
 * MUI's `styled()` serializes a component's plain style objects (and their variants' styles) the moment the
 * component is defined (`@mui/system/preprocessStyles.mjs`, called by createStyled when a module loads): emotion's
 * serializeStyles and a murmur hash for every MUI component a first screen's code imports, whether that screen
 * draws it or not. A phone's list screens draw none of them on their first screen, and in a cold /inventory's
 * module evaluation (its longest task) preprocessStyles was 7 % of the samples at 4× CPU slowdown. The build makes
 * that serialization happen when a style is first read, which is when a component first renders: the same
 * serialized style, once, later or never.
 */
const PREPROCESS = /[\\/]@mui[\\/]system[\\/]preprocessStyles\.mjs$/;

const LAZY = `import { internal_serializeStyles } from '@mui/styled-engine';
// Trapline (client/lazyStyleObjects.ts): each style is serialized when first read, not when its component is defined.
function serializedOnRead(target, value) {
  let serialized;
  Object.defineProperty(target, 'style', {
    configurable: true,
    enumerable: true,
    get() {
      return serialized ??= internal_serializeStyles(value);
    },
  });
}
export default function preprocessStyles(input) {
  const { variants, ...style } = input;
  const result = { variants, isProcessed: true };
  serializedOnRead(result, style);
  if (variants) {
    variants.forEach(variant => {
      if (typeof variant.style !== 'function') serializedOnRead(variant, variant.style);
    });
  }
  return result;
}
`;

export function lazyStyleObjects(): Plugin {
  return {
    name: "trapline:lazy-style-objects",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (!PREPROCESS.test(id)) return null;
      // The file as MUI 9 writes it: serialize the style, and the variants' styles unless the engine returned the style as it is.
      const expected = ["export default function preprocessStyles(input)", "style: internal_serializeStyles(style)", "variant.style = internal_serializeStyles(variant.style)", "if (result.style === style)"];
      if (!expected.every((part) => code.includes(part))) this.error("lazyStyleObjects: @mui/system/preprocessStyles.mjs no longer reads as expected");
      return { code: LAZY, map: null };
    },
  };
}
