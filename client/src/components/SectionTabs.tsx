import { Box, ButtonBase } from "@mui/material";
import { useRef, type KeyboardEvent, type ReactNode } from "react";

export type SectionTab = { label: ReactNode; id: string; panelId: string };

/**
 * A page's row of section tabs (WAI-ARIA tabs: a tablist of tabs, each naming the panel it controls), drawn as MUI's
 * Tabs draw them, with the selected tab's underline in CSS. MUI's Tabs measures its row and the selected tab when it
 * mounts (getBoundingClientRect), which forces the page's first layout inside the render's task, and then renders
 * again to place its sliding indicator: on the scanner page, the screen a technician opens most, that was 160–290 ms
 * of main thread at Lighthouse's 4x CPU throttle. Keys as MUI's Tabs: the arrows, Home and End move the focus along
 * the row (one tab in the Tab order, the selected one); Enter, Space or a click selects.
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
  return (
    <Box ref={row} role="tablist" aria-label={label} onKeyDown={onKeyDown} sx={{ display: "flex", minHeight: 48 }}>
      {tabs.map((tab, i) => (
        <ButtonBase
          key={tab.id}
          role="tab"
          id={tab.id}
          aria-controls={tab.panelId}
          aria-selected={i === value}
          tabIndex={i === value ? 0 : -1}
          onClick={() => i !== value && onChange(i)}
          sx={{
            minHeight: 48,
            minWidth: 90,
            px: 2,
            py: 1.5,
            typography: "button",
            lineHeight: 1.25,
            textTransform: "none",
            fontWeight: 600,
            color: i === value ? "primary.main" : "text.secondary",
            boxShadow: i === value ? (theme) => `inset 0 -2px 0 ${theme.palette.primary.main}` : "none",
            "&.Mui-focusVisible": { bgcolor: "action.focus" },
          }}
        >
          {tab.label}
        </ButtonBase>
      ))}
    </Box>
  );
}
