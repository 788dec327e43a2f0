import { alpha, type Theme } from "@mui/material/styles";
import { useState, type ReactNode } from "react";
import { BARE_BUTTON, useSheet } from "./sheet.ts";

/**
 * MUI's IconButton (medium) and its standard Badge as class names from sheets written once, for the parts
 * every screen shows (the top bar's menu button and bell, the bottom bar's pending count): their look
 * without their per-render style work. A press shows a tint where MUI shows a ripple; keyboard focus
 * shows an outline.
 *
 * - `tl-iconbtn` (a native button: round, 8 px inside, action.active), `tl-iconbtn-start` (its edge="start"),
 *   `tl-iconbtn-outlined` (a 1 px divider outline and the theme's corners instead of round)
 */
export function useIconButtonSheet(): void {
  useSheet("icon-button", iconButtonRules);
}

function iconButtonRules({ palette, shape, typography, transitions }: Theme): string[] {
  return [
    `.tl-iconbtn{${BARE_BUTTON};text-align:center;flex:0 0 auto;font-size:${typography.pxToRem(24)};padding:8px;border-radius:50%;color:${palette.action.active};` +
      `transition:${transitions.create("background-color", { duration: transitions.duration.shortest })}}`,
    `.tl-iconbtn-start{margin-left:-12px}`,
    // A list's phone menu button: outlined in the divider colour, the theme's corners.
    `.tl-iconbtn-outlined{border:1px solid ${palette.divider};border-radius:${shape.borderRadius}px;flex-shrink:0}`,
    `.tl-iconbtn:hover{background-color:${palette.action.hover}}`,
    `@media (hover:none){.tl-iconbtn:hover{background-color:transparent}}`,
    `.tl-iconbtn:active{background-color:${palette.action.selected}}`,
    `.tl-iconbtn:disabled{pointer-events:none;cursor:default;background-color:transparent;color:${palette.action.disabled}}`,
    // Keyboard focus: an outline where MUI shows a ripple that stays.
    `.tl-iconbtn:focus-visible{outline:2px solid ${alpha(palette.primary.main, 0.8)};outline-offset:-2px}`,
  ];
}

function badgeRules({ palette, typography, transitions }: Theme): string[] {
  const move = (duration: number) => transitions.create("transform", { easing: transitions.easing.easeInOut, duration });
  return [
    `.tl-badge{position:relative;display:inline-flex;vertical-align:middle;flex-shrink:0}`,
    `.tl-badge-count{display:flex;flex-direction:row;flex-wrap:wrap;justify-content:center;align-content:center;align-items:center;position:absolute;box-sizing:border-box;` +
      `font-family:${typography.fontFamily};font-weight:${typography.fontWeightMedium};font-size:${typography.pxToRem(12)};min-width:20px;line-height:1;padding:0 6px;height:20px;` +
      `border-radius:10px;z-index:1;transition:${move(transitions.duration.enteringScreen)};background-color:${palette.error.main};color:${palette.error.contrastText};` +
      `inset:0 0 auto auto;transform:scale(1) translate(50%, -50%);transform-origin:100% 0%}`,
    `@media (forced-colors:active){.tl-badge-count{border:1px solid ButtonBorder}}`,
    `.tl-badge-count.tl-badge-none{transition:${move(transitions.duration.leavingScreen)};transform:scale(0) translate(50%, -50%)}`,
  ];
}

/**
 * MUI's Badge (standard, red, top right) on `children`: `count` in a red disc, shrunk away at 0 or none
 * (it keeps its last figure while it shrinks), "99+" past `max`. The figure is aria-hidden, as MUI's.
 */
export function CountBadge({ count, max = 99, children, ...rest }: { count: number | undefined; max?: number; children: ReactNode; "aria-label"?: string; "data-testid"?: string }) {
  useSheet("count-badge", badgeRules);
  const none = !count;
  const [last, setLast] = useState(count);
  if (!none && count !== last) setLast(count);
  const shown = none ? last : count;
  return (
    <span className="tl-badge" {...rest}>
      {children}
      <span className={`tl-badge-count${none ? " tl-badge-none" : ""}`} aria-hidden>
        {shown && shown > max ? `${max}+` : shown || null}
      </span>
    </span>
  );
}
