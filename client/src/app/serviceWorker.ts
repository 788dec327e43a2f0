/**
 * Registers the service worker (src/sw.ts) once the first screen is up, so its precaching never
 * competes with the first screen for the network. A new build installs in the background and waits;
 * `onUpdate` gets the function that switches to it and reloads (the 'Reload' of the app's toast).
 * Checks for a new build when the app comes back to the foreground and hourly.
 */
let registered = false;

export function registerServiceWorker(onUpdate: (apply: () => void) => void) {
  if (registered || !("serviceWorker" in navigator) || import.meta.env.DEV) return;
  registered = true;
  const start = async () => {
    const { Workbox } = await import("workbox-window");
    const wb = new Workbox("/sw.js", { scope: "/" });
    wb.addEventListener("waiting", () =>
      onUpdate(() => {
        wb.addEventListener("controlling", () => location.reload());
        wb.messageSkipWaiting();
      }),
    );
    await wb.register();
    const check = () => void wb.update().catch(() => {});
    document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && check());
    setInterval(check, 60 * 60 * 1000);
  };
  // Registration can be refused (a private window, a browser policy, a test that blocks it): the app then
  // simply works without offline support.
  const later = () => setTimeout(() => void start().catch((err) => console.warn("service worker not registered", err)), 1000);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}
