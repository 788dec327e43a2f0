// The sign-in feature's public face: its screen, a chunk of its own that the entry starts for a visitor.
export const loadSignIn = () => import("./SignIn.tsx");
// The signed-in user's language: kept in step with their stored preference (app/App.tsx), and the shell's switch.
export { useLocalePreference } from "./localePreference.ts";
export { LanguageMenu } from "./LanguageMenu.tsx";
