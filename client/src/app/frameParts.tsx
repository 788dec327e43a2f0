import { alpha, type Theme } from "@mui/material/styles";
import type { MouseEventHandler, ReactNode } from "react";
import { BARE_BUTTON, declarations, useSheet } from "../components/sheet.ts";
import { useCardSheet } from "../components/cardParts.tsx";
import { useIconButtonSheet } from "../components/IconButtonParts.tsx";

/**
 * The frame's parts that every screen renders (the page's box, the top bar with its title, the phone's
 * bottom navigation and Quick Actions button), as class names from a sheet written once: the look of MUI's
 * Box, AppBar, Toolbar, Typography, IconButton, Paper, BottomNavigation and Fab, with none of their
 * per-render style work. On a phone those were about thirty styled components (a bottom action alone is
 * three: ButtonBase, its root and its label), each working out and hashing its styles on every screen's
 * first render. A press shows a tint where MUI shows a ripple; keyboard focus shows an outline.
 *
 * - `tl-frame` (the page: a row, the sidebar beside the column), `tl-frame-col`, `tl-main` (the screen,
 *   with room at its end for the phone's bottom bar and Quick Actions button)
 * - `tl-appbar` (sticky, bordered), `tl-toolbar`, `tl-title` / `tl-subtitle` (the page's name and line), its
 *   buttons `tl-iconbtn` (`components/IconButtonParts.tsx`, with the bell),
 *   and the cards' `tl-grow` (`components/cardParts.tsx`) for the title's block
 * - `tl-bottombar` and its `tl-bnav` actions, `tl-fab`
 */
export function useFrameSheet(): void {
  useCardSheet();
  useIconButtonSheet();
  useSheet("frame-parts", frameRules);
}

/** The rules, from the theme the app runs with. */
export function frameRules(theme: Theme): string[] {
  const { palette, shadows, typography, transitions, zIndex, breakpoints } = theme;
  const sm = breakpoints.up("sm");
  const md = breakpoints.up("md");
  const noWrap = "overflow:hidden;text-overflow:ellipsis;white-space:nowrap";
  const bare = BARE_BUTTON;
  return [
    `.tl-frame{display:flex;min-height:100vh;background-color:${palette.background.default}}`,
    `.tl-frame-col{flex:1 1 0%;min-width:0;display:flex;flex-direction:column}`,
    `.tl-main{flex:1 1 0%;padding:12px 12px 144px}`,
    `${sm}{.tl-main{padding:16px 16px 144px}}`,
    `${md}{.tl-main{padding:24px}}`,
    // AppBar position="sticky" color="inherit" elevation={0}, with a bottom border.
    `.tl-appbar{display:flex;flex-direction:column;width:100%;box-sizing:border-box;flex-shrink:0;position:sticky;z-index:${zIndex.appBar};top:0;left:auto;right:0;` +
      `background-color:${palette.background.paper};color:inherit;border-bottom:1px solid ${palette.divider}}`,
    `.tl-toolbar{position:relative;display:flex;align-items:center;padding-left:16px;padding-right:16px;min-height:56px;gap:8px}`,
    `@media (orientation:landscape){.tl-toolbar{min-height:48px}}`,
    `${sm}{.tl-toolbar{padding-left:24px;padding-right:24px;min-height:64px}}`,
    `.tl-title{margin:0;${declarations(typography.h6 as Record<string, unknown>)};font-weight:700;${noWrap}}`,
    `.tl-subtitle{margin:0;${declarations(typography.body1 as Record<string, unknown>)};font-size:12px;color:${palette.text.secondary};${noWrap}}`,
    `${sm}{.tl-subtitle{font-size:14px}}`,
    // The phone's bottom bar: a Paper (elevation 8) holding BottomNavigation with its labels shown.
    `.tl-bottombar{position:fixed;bottom:0;left:0;right:0;z-index:${zIndex.appBar};display:flex;justify-content:center;height:56px;` +
      `background-color:${palette.background.paper};color:${palette.text.primary};box-shadow:${shadows[8]}}`,
    `.tl-bnav{${bare};flex:1 1 0%;flex-direction:column;padding:0 12px;min-width:80px;max-width:168px;border-radius:0;color:${palette.text.secondary};` +
      `transition:${transitions.create(["color", "padding-top"], { duration: transitions.duration.short })}}`,
    `.tl-bnav[aria-current]{color:${palette.primary.main}}`,
    `.tl-bnav:active{background-color:${palette.action.hover}}`,
    `.tl-bnav>span:last-child{font-family:${typography.fontFamily};font-size:${typography.pxToRem(12)};transition:font-size 0.2s 0.1s}`,
    `.tl-bnav[aria-current]>span:last-child{font-size:${typography.pxToRem(14)}}`,
    // Fab color="primary", fixed above the bottom bar.
    `.tl-fab{${bare};position:fixed;right:16px;bottom:76px;z-index:${zIndex.appBar + 1};width:56px;height:56px;min-width:0;min-height:36px;padding:0;border-radius:50%;` +
      `${declarations(typography.button as Record<string, unknown>)};color:${palette.primary.contrastText};background-color:${palette.primary.main};box-shadow:${shadows[6]};` +
      `transition:${transitions.create(["background-color", "box-shadow", "border-color"], { duration: transitions.duration.short })}}`,
    `.tl-fab:hover{background-color:${palette.primary.dark}}`,
    `@media (hover:none){.tl-fab:hover{background-color:${palette.primary.main}}}`,
    `.tl-fab:active{box-shadow:${shadows[12]};background-color:${palette.primary.dark}}`,
    // Keyboard focus: an outline where MUI shows a ripple that stays.
    `.tl-bnav:focus-visible{outline:2px solid ${alpha(palette.primary.main, 0.8)};outline-offset:-2px}`,
    `.tl-fab:focus-visible{outline:2px solid ${palette.primary.dark};outline-offset:2px}`,
  ];
}

/**
 * One action of the phone's bottom navigation: its icon above its label. The current one is marked
 * `aria-current` (the page, or "true" for More, which stands for every other page) and shows in the primary colour.
 */
export function BottomAction({ label, icon, current, onClick }: { label: string; icon: ReactNode; current: false | "page" | "true"; onClick: MouseEventHandler<HTMLButtonElement> }) {
  return (
    <button type="button" className="tl-bnav" aria-current={current || undefined} onClick={onClick}>
      {icon}
      <span>{label}</span>
    </button>
  );
}
