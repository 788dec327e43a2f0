import type { Theme } from "@mui/material/styles";
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { BARE_BUTTON, declarations, useSheet } from "./sheet.ts";

export type SectionTab = { label: ReactNode; id: string; panelId: string };

/**
 * A page's row of section tabs (WAI-ARIA tabs: a tablist of tabs, each naming the panel it controls), drawn as MUI's
 * Tabs draw them, with the selected tab's underline in CSS. MUI's Tabs measures its row and the selected tab when it
 * mounts (getBoundingClientRect), which forces the page's first layout inside the render's task, and then renders
 * again to place its sliding indicator: on the scanner page, the screen a technician opens most, that was 160–290 ms
 * of main thread at Lighthouse's 4x CPU throttle. Keys as MUI's Tabs: the arrows, Home and End move the focus along
 * the row (one tab in the Tab order, the selected one); Enter, Space or a click selects. Native buttons styled by a
 * sheet written once (not MUI's ButtonBase and Box, which emotion styles on every render): keyboard focus shows
 * MUI's focus shade, a press a lighter one where MUI shows a ripple.
 */
export function SectionTabs({ label, tabs, value, onChange }: { label: string; tabs: SectionTab[]; value: number; onChange: (index: number) => void }) {
  const row = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(row.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    buttons[(next + buttons.length) % buttons.length]?.focus();
  };
  useSheet("section-tabs", tabRules);
  return (
    <div ref={row} role="tablist" aria-label={label} onKeyDown={onKeyDown} className="tl-tabs">
      {tabs.map((tab, i) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={tab.id}
          className="tl-tab"
          aria-controls={tab.panelId}
          aria-selected={i === value}
          tabIndex={i === value ? 0 : -1}
          onClick={() => i !== value && onChange(i)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The row's and tabs' rules: MUI's ButtonBase with the look the tabs had through `sx`. */
function tabRules({ palette, typography }: Theme): string[] {
  return [
    `.tl-tabs{display:flex;min-height:48px}`,
    `.tl-tab{${BARE_BUTTON};min-height:48px;min-width:90px;padding:12px 16px;${declarations(typography.button as Record<string, unknown>)};` +
      `line-height:1.25;text-transform:none;font-weight:600;color:${palette.text.secondary};box-shadow:none}`,
    `.tl-tab[aria-selected=true]{color:${palette.primary.main};box-shadow:inset 0 -2px 0 ${palette.primary.main}}`,
    `.tl-tab:focus-visible{background-color:${palette.action.focus}}`,
    `.tl-tab:active{background-color:${palette.action.hover}}`,
  ];
}
