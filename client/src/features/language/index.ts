// The signed-in user's language: kept in step with their stored preference (app/App.tsx), and the
// shell's switch (app/AppShell.tsx). Not in features/auth/index.ts: the entry imports that file, and
// these need the signed-in app's code.
export { useLocalePreference } from "./localePreference.ts";
export { LanguageMenu } from "./LanguageMenu.tsx";
