import { Chip, Stack } from "@mui/material";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { SIGNAL_WORDS } from "../../../../schemas/constants.ts";

/** The signal words as the label prints them, in the reader's language (the value sent to the server stays CAUTION, WARNING, DANGER). */
export const SIGNAL_WORD_MSG: Record<(typeof SIGNAL_WORDS)[number], MessageDescriptor> = {
  CAUTION: msg({ message: "Caution", context: "signal word" }),
  WARNING: msg({ message: "Warning", context: "signal word" }),
  DANGER: msg({ message: "Danger", context: "signal word" }),
};

type Props = { restrictedUse: boolean | null | undefined; signalWord: string | null | undefined };

const SIGNAL_COLORS: Record<string, { color: string; bgcolor: string }> = {
  CAUTION: { color: "#5d4a00", bgcolor: "#fff8d6" },
  WARNING: { color: "#7a3e00", bgcolor: "#ffe7cc" },
  DANGER: { color: "#fff", bgcolor: "#b71c1c" },
};
const small = { height: 20, fontSize: 11, fontWeight: 700 } as const;

/** A product's label facts in two small chips: RUP (restricted use) and its signal word. Nothing for other items. */
export function LabelFactsChips({ restrictedUse, signalWord }: Props) {
  const { t, i18n } = useLingui();
  if (!restrictedUse && !signalWord) return null;
  const signal = signalWord ? SIGNAL_COLORS[signalWord] : undefined;
  return (
    <Stack direction="row" spacing={0.5} component="span" sx={{ alignItems: "center", flexShrink: 0 }}>
      {restrictedUse && (
        <Chip size="small" label={t`RUP`} title={t`Restricted use pesticide: applied only by or under a certified applicator`} sx={{ ...small, color: "#fff", bgcolor: "#6a1b9a" }} />
      )}
      {signalWord && signal && (
        <Chip size="small" variant="outlined" label={signalWord in SIGNAL_WORD_MSG ? i18n._(SIGNAL_WORD_MSG[signalWord as keyof typeof SIGNAL_WORD_MSG]) : signalWord} title={t`Signal word on the label`} sx={{ ...small, ...signal, borderColor: "transparent" }} />
      )}
    </Stack>
  );
}
