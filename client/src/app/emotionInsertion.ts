// Stands in for `@emotion/use-insertion-effect-with-fallbacks` (an alias in vite.config.ts).
//
// Emotion writes a component's CSS rules from an insertion effect, that is, in React's commit: the one
// step of a render that cannot be split. On the first screen that commit carries a few hundred new rules
// (stylis parsing them and the style sheet taking them), about half of its longest task on a slow phone.
// Here emotion writes a rule while the component renders instead, as it did before React 18: the first
// screen renders in a transition (start.tsx), which React splits into short slices, so the rules are
// written a few at a time between frames. A render React throws away may leave a rule no element uses
// yet; the rule is harmless, and emotion writes each rule once whatever happens.
//
// `useInsertionEffectWithLayoutFallback` stays React's insertion effect: `<Global>` (the CSS baseline)
// keeps a sheet of its own that it must replace and remove when its styles change or it unmounts.
import { useInsertionEffect } from "react";

export const useInsertionEffectAlwaysWithSyncFallback = (create: () => unknown): void => {
  create();
};

export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
