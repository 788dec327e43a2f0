/** What the app shell marks its top bar with (title, bell, the offline bar): toasts sit just below it. */
export const APP_BAR_ATTRIBUTE = "data-app-bar";
