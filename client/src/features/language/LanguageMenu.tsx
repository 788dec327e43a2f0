import TranslateIcon from "@mui/icons-material/Translate";
import { IconButton, Menu, MenuItem } from "@mui/material";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useRelayEnvironment } from "react-relay";
import { useRevalidator } from "react-router-dom";
import { chooseLocale, currentLocale, LOCALES, type Locale } from "../../platform/i18n.ts";
import { saveLocale } from "./saveLocale.ts";
import { useSession } from "../../platform/session.ts";

/**
 * The shell's language switch (accessible name 'Language' / 'Idioma'): applies at once and is stored on
 * the user. What the server wrote in words (stock in words, the activity feed, its messages) is answered
 * in the stored language, so once it is stored the current screen's query is read again (its loader,
 * store-and-network: the screen stays while the new words arrive) instead of showing the old language
 * until a reload.
 */
export function LanguageMenu() {
  const { t } = useLingui();
  const environment = useRelayEnvironment();
  const { viewer } = useSession();
  const revalidator = useRevalidator();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (locale: Locale) => {
    setAnchor(null);
    const changed = locale !== currentLocale();
    void chooseLocale(locale);
    saveLocale(environment, String(viewer.databaseId), locale, changed ? () => void revalidator.revalidate() : undefined);
  };
  return (
    <>
      <IconButton aria-label={t`Language`} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <TranslateIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {(Object.keys(LOCALES) as Locale[]).map((locale) => (
          <MenuItem key={locale} lang={locale} selected={locale === currentLocale()} onClick={() => pick(locale)}>
            {LOCALES[locale]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
