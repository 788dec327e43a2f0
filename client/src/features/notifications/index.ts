// The notifications feature's public face: the shell's bell.
export { NotificationBell } from "./NotificationBell.tsx";
