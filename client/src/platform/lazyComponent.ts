import { createElement, use, type ComponentProps, type ComponentType } from "react";

/**
 * A component whose code is a chunk of its own, like `React.lazy`, but which renders at once when its
 * chunk is already in. `React.lazy` suspends on its first render however long ago its module arrived (it
 * learns that in a `then` callback), and a Suspense boundary that shows its fallback even for a moment
 * holds the rest back: React reveals the content no sooner than 300 ms after a boundary last changed (its
 * retry throttle). A returning user's screen whose code had come from the phone's cache in 0.1 s still
 * painted 0.3 s after the frame. `preload()` starts the chunk (once) and resolves when the component can
 * render without suspending; until then it suspends like `React.lazy` (with `use`). A chunk that fails
 * to load fails every render after it, as with `React.lazy`: the nearest error boundary shows it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component: its props are read back as Props
export function lazyComponent<Module extends { default: ComponentType<any> }>(load: () => Promise<Module>) {
  type Props = ComponentProps<Module["default"]>;
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<Module> | undefined;
  const preload = (): Promise<Module> =>
    (loading ??= load().then((module) => {
      loaded = module.default as ComponentType<Props>;
      return module;
    }));
  function Lazy(props: Props) {
    return createElement(loaded ?? (use(preload()).default as ComponentType<Props>), props);
  }
  return Object.assign(Lazy, { preload });
}
