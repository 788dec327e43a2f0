/** Where the signed-in viewer is remembered on this device (viewerCache.ts); read by the entry too. */
export const VIEWER_KEY = "trapline:viewer";
