// The applications feature's public face: what other features and the app shell may use of it.
export { applicationPath, recordApplicationPath } from "./paths.ts";
