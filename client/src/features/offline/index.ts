// The offline feature's public face, for the app shell: the bar that tells the network's state and the
// queue, the phone's copy of a screen (loaded when a screen cannot load), and the sign-out warning.
export { OfflineBar } from "./OfflineBar.tsx";
export const loadOfflinePage = () => import("./OfflinePages.tsx");
export const loadConfirmSignOut = () => import("./ConfirmSignOut.tsx");
