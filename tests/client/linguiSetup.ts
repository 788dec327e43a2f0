// Client modules speak through Lingui's global i18n: the tests read them in English (the source
// messages, which the compiled macros carry), as the app does before a catalog is chosen.
import { i18n } from "@lingui/core";

i18n.loadAndActivate({ locale: "en-US", messages: {} });
