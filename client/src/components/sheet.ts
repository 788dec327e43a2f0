import { useTheme, type Theme } from "@mui/material/styles";

const written = new Set<string>();

/**
 * Writes a set of rules once, from the theme the app runs with (its localized copies keep its colours
 * and type), into an empty `<style data-trapline=name>` through CSSOM (insertRule, as emotion does: the
 * Content-Security-Policy allows no inline style text). For the parts a list repeats on every card
 * (CardButton, cardParts): class names from a sheet cost nothing per render, where MUI's styled
 * components work out and hash their styles on every one.
 */
export function useSheet(name: string, rules: (theme: Theme) => string[]): void {
  const theme = useTheme();
  if (written.has(name) || typeof document === "undefined") return;
  written.add(name);
  const el = document.createElement("style");
  el.setAttribute("data-trapline", name);
  document.head.appendChild(el);
  const sheet = el.sheet!;
  for (const rule of rules(theme)) sheet.insertRule(rule, sheet.cssRules.length);
}

/** A theme's style object (a typography variant) as CSS declarations: `fontSize: "1rem"` → `font-size:1rem`. */
export function declarations(style: Record<string, unknown>): string {
  return Object.entries(style)
    .filter(([, v]) => typeof v === "string" || typeof v === "number")
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${v}`)
    .join(";");
}

/** ButtonBase's reset as declarations: a native button (or link) with no look of its own, as MUI's ButtonBase draws it. */
export const BARE_BUTTON =
  "display:inline-flex;align-items:center;justify-content:center;position:relative;box-sizing:border-box;-webkit-tap-highlight-color:transparent;" +
  "background-color:transparent;outline:0;border:0;margin:0;cursor:pointer;user-select:none;vertical-align:middle;appearance:none;text-decoration:none;color:inherit";
