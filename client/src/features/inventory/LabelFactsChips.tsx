import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { SIGNAL_WORDS } from "../../../../schemas/constants.ts";
import { CardChip, useCardSheet } from "../../components/cardParts.tsx";
import { useSheet } from "../../components/sheet.ts";

/** The signal words as the label prints them, in the reader's language (the value sent to the server stays CAUTION, WARNING, DANGER). */
export const SIGNAL_WORD_MSG: Record<(typeof SIGNAL_WORDS)[number], MessageDescriptor> = {
  CAUTION: msg({ message: "Caution", context: "signal word" }),
  WARNING: msg({ message: "Warning", context: "signal word" }),
  DANGER: msg({ message: "Danger", context: "signal word" }),
};

type Props = { restrictedUse: boolean | null | undefined; signalWord: string | null | undefined };

const SIGNAL_COLORS: Record<string, { color: string; bg: string }> = {
  CAUTION: { color: "#5d4a00", bg: "#fff8d6" },
  WARNING: { color: "#7a3e00", bg: "#ffe7cc" },
  DANGER: { color: "#fff", bg: "#b71c1c" },
};
/** Two small chips (20px, 11px bold text) side by side: RUP in purple, the signal word in its colours. */
const rules = () => [
  `.tl-label-facts{display:flex;align-items:center;gap:4px;flex-shrink:0}`,
  `.tl-label-fact.tl-chip{height:20px;font-size:11px;font-weight:700}`,
  `.tl-chip.tl-rup{color:#fff;background-color:#6a1b9a}`,
  ...Object.entries(SIGNAL_COLORS).map(([word, { color, bg }]) => `.tl-signal-${word}.tl-chip{color:${color};background-color:${bg};border-color:transparent}`),
];

/** A product's label facts in two small chips: RUP (restricted use) and its signal word. Nothing for other items. */
export function LabelFactsChips({ restrictedUse, signalWord }: Props) {
  const { t, i18n } = useLingui();
  useCardSheet();
  useSheet("label-facts", rules);
  if (!restrictedUse && !signalWord) return null;
  const signal = signalWord ? SIGNAL_COLORS[signalWord] : undefined;
  return (
    <span className="tl-label-facts">
      {restrictedUse && <CardChip className="tl-label-fact tl-rup" label={t`RUP`} title={t`Restricted use pesticide: applied only by or under a certified applicator`} />}
      {signalWord && signal && (
        <CardChip
          outlined
          className={`tl-label-fact tl-signal-${signalWord}`}
          label={signalWord in SIGNAL_WORD_MSG ? i18n._(SIGNAL_WORD_MSG[signalWord as keyof typeof SIGNAL_WORD_MSG]) : signalWord}
          title={t`Signal word on the label`}
        />
      )}
    </span>
  );
}
