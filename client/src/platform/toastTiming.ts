/**
 * How long the answer to the user's own action stays before a live event's toast replaces it: a change
 * of one's own that leaves an item low brings the save's 'success' and the live Low Stock Alert in the
 * same instant, and the user must still see that the save worked.
 */
export const OWN_TOAST_HOLD_MS = 1500;

/**
 * When each toast shows, given `show` (which replaces the current one): the user's own at once; a live
 * one only once the user's latest own toast has been up for OWN_TOAST_HOLD_MS. A held live toast looks
 * again when its wait is over, so an own toast raised meanwhile gets its full time too.
 */
export function toastTiming<T extends { live?: boolean }>(show: (toast: T) => void, now: () => number = Date.now) {
  let ownShownAt = -Infinity;
  const showLive = (toast: T) => {
    const held = OWN_TOAST_HOLD_MS - (now() - ownShownAt);
    if (held > 0) setTimeout(() => showLive(toast), held);
    else show(toast);
  };
  return (toast: T) => {
    if (toast.live) return showLive(toast);
    ownShownAt = now();
    show(toast);
  };
}
