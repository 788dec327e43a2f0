import type { ReactNode } from "react";
import type { Theme } from "@mui/material/styles";
import { declarations, useSheet } from "./sheet.ts";

/**
 * The parts of a list's phone card that repeat twenty times a page (the card's box, its title and
 * text lines, its chips, its rows of facts and actions), as class names from a sheet written once: the
 * same look as MUI's Card, CardContent, Typography, Stack and small Chip, with none of their per-render
 * style work. Cards call `useCardSheet()` and use the `tl-` classes below; a card's part that shows only
 * now and then (a dialog, a menu) stays MUI.
 *
 * - `tl-card` (an outlined Card), `tl-card-body` (its content, 16px all round)
 * - `tl-t` with `tl-subtitle1` / `tl-body2` / `tl-caption` (a Typography variant), `tl-card-title`
 *   (bold, tight), `tl-bold` (600), `tl-secondary` (text.secondary), `tl-nowrap`, `tl-anywhere` (breaks a long word)
 * - `tl-list` (a `ul` or `ol` without marks, indent or margins)
 * - `tl-head` (title block left, chips right), `tl-min0`, `tl-grow` (takes a row's room, may shrink below
 *   its content), `tl-chips`, `tl-actions`, `tl-facts` (a
 *   `<dl>` of label and value)
 * - `tl-full-h` (as tall as its cell), and the parts of `SectionCard` (`tl-sec-*`)
 * - `tl-cols` with `tl-gap-1` / `tl-gap-2` / `tl-gap-25` (8, 16, 20 px): MUI's Grid container; its cells take
 *   `tl-xs-N`, `tl-md-N`, `tl-lg-N` (N of 12 columns from that width up, N in 3, 5, 6, 7, 12), the widths MUI's
 *   Grid works out (a share of the row less its share of the gaps)
 */
export function useCardSheet(): void {
  useSheet("card-parts", ({ palette, shape, typography, transitions, breakpoints }) => [
    `.tl-card{overflow:hidden;background-color:${palette.background.paper};color:${palette.text.primary};border:1px solid ${palette.divider};border-radius:${shape.borderRadius}px}`,
    `.tl-card-body{padding:16px}`,
    `.tl-t{margin:0}`,
    `.tl-subtitle1{${declarations(typography.subtitle1 as Record<string, unknown>)}}`,
    `.tl-body2{${declarations(typography.body2 as Record<string, unknown>)}}`,
    `.tl-caption{${declarations(typography.caption as Record<string, unknown>)}}`,
    `.tl-card-title{font-weight:700;line-height:1.3}`,
    // After the type variants, which set their own weight.
    `.tl-bold{font-weight:600}`,
    `.tl-secondary{color:${palette.text.secondary}}`,
    `.tl-nowrap{white-space:nowrap}`,
    `.tl-anywhere{overflow-wrap:anywhere}`,
    `.tl-min0{min-width:0}`,
    `.tl-grow{flex:1 1 0%;min-width:0}`,
    `.tl-head{display:flex;align-items:flex-start;justify-content:space-between;gap:8px}`,
    `.tl-chips{display:flex;flex-wrap:wrap;gap:4px}`,
    `.tl-actions{display:flex;flex-wrap:wrap;align-items:center;gap:8px}`,
    `.tl-facts{display:grid;grid-template-columns:auto 1fr;column-gap:16px;row-gap:4px;margin:12px 0}`,
    `.tl-facts>dt{color:${palette.text.secondary};font-size:14px}`,
    `.tl-facts>dd{margin:0}`,
    `.tl-list{list-style:none;padding:0;margin:0}`,
    // MUI's small Chip: filled (a grey tint) or outlined.
    `.tl-chip{display:inline-flex;align-items:center;justify-content:center;box-sizing:border-box;max-width:100%;height:24px;padding:0;border:0;border-radius:16px;` +
      `font-family:${typography.fontFamily};font-size:${typography.pxToRem(13)};line-height:1.5;white-space:nowrap;vertical-align:middle;` +
      `color:${palette.text.primary};background-color:${palette.action.selected};` +
      `transition:${transitions.create(["background-color", "box-shadow"])}}`,
    `.tl-chip>span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;padding:0 8px}`,
    `.tl-chip-outlined{background-color:transparent;border:1px solid ${palette.grey[400]}}`,
    `.tl-chip-outlined>span{padding:0 7px}`,
    `.tl-chip>.tl-chip-icon{margin-left:4px;margin-right:-4px;font-size:18px;color:${palette.grey[700]}}`,
    `.tl-chip-outlined>.tl-chip-icon{margin-left:2px}`,
    `.tl-full-h{height:100%}`,
    // SectionCard: MUI's CardHeader (its title an h2 in subtitle1, bold) and a CardContent without top padding.
    `.tl-sec-head{display:flex;align-items:center;padding:16px}`,
    `.tl-sec-avatar{display:flex;flex:0 0 auto;margin-right:16px}`,
    `.tl-sec-text{flex:1 1 auto}`,
    `.tl-sec-title{display:block;font-weight:700}`,
    `.tl-sec-sub{display:block}`,
    `.tl-sec-action{flex:0 0 auto;align-self:flex-start;margin:-4px -8px -4px 0}`,
    `.tl-sec-body{padding:0 16px 24px}`,
    ...gridRules(breakpoints),
  ]);
}

/** MUI's Grid (v2) as classes: the container's gap, and each cell's width at and above a breakpoint. */
function gridRules(breakpoints: Theme["breakpoints"]): string[] {
  const rules = [
    `.tl-cols{display:flex;flex-wrap:wrap;min-width:0;box-sizing:border-box;gap:var(--tl-gap)}`,
    `.tl-cols>*{min-width:0;box-sizing:border-box;flex-grow:0;flex-basis:auto}`,
  ];
  for (const [name, px] of [
    ["1", 8],
    ["2", 16],
    ["25", 20],
  ] as const)
    rules.push(`.tl-gap-${name}{--tl-gap:${px}px}`, `.tl-gap-${name}>*{--tl-cell-gap:${px}px}`);
  const width = (n: number) => `width:calc(100% * ${n} / 12 - (12 - ${n}) * (var(--tl-cell-gap) / 12))`;
  for (const bp of ["xs", "md", "lg"] as const) {
    const cells = [3, 5, 6, 7, 12].map((n) => `.tl-${bp}-${n}{${width(n)}}`);
    // insertRule takes one rule: the smallest width's cells one by one, the others in one @media each.
    rules.push(...(bp === "xs" ? cells : [`${breakpoints.up(bp)}{${cells.join("")}}`]));
  }
  return rules;
}

/**
 * MUI's Card holding a CardHeader and a CardContent without top padding, the way a dashboard section or
 * the scanner's card shows: `title` is the card's h2; `avatar` (an icon) before it, `subheader` a line
 * below it, `action` (a button) at its right. `full` makes it as tall as its grid cell.
 */
export function SectionCard({
  title,
  subheader,
  avatar,
  action,
  full,
  as: Tag = "div",
  "aria-label": label,
  children,
}: {
  title: ReactNode;
  subheader?: ReactNode;
  avatar?: ReactNode;
  action?: ReactNode;
  full?: boolean;
  as?: "div" | "section";
  "aria-label"?: string;
  children: ReactNode;
}) {
  useCardSheet();
  return (
    <Tag className={`tl-card${full ? " tl-full-h" : ""}`} aria-label={label}>
      <div className="tl-sec-head">
        {avatar && <div className="tl-sec-avatar">{avatar}</div>}
        <div className="tl-sec-text">
          <h2 className="tl-t tl-subtitle1 tl-sec-title">{title}</h2>
          {subheader && <span className="tl-t tl-body2 tl-secondary tl-sec-sub">{subheader}</span>}
        </div>
        {action && <div className="tl-sec-action">{action}</div>}
      </div>
      <div className="tl-sec-body">{children}</div>
    </Tag>
  );
}

/**
 * MUI's small Chip (not clickable) as a span: `className` adds its colours (e.g. a status's); `icon`, an
 * icon element with the class `tl-chip-icon`, goes before the label as the Chip's icon does.
 */
export function CardChip({ label, outlined, className, icon, title }: { label: ReactNode; outlined?: boolean; className?: string; icon?: ReactNode; title?: string }) {
  return (
    <span className={`tl-chip${outlined ? " tl-chip-outlined" : ""}${className ? ` ${className}` : ""}`} title={title}>
      {icon}
      <span>{label}</span>
    </span>
  );
}

/**
 * A card's head: its name as the card's heading, what follows it (a line of facts) below, and `aside`
 * (its chips) on the right. `anywhere` lets a long name break inside a word.
 */
export function CardHead({ title, anywhere, aside, children }: { title: string; anywhere?: boolean; aside: ReactNode; children: ReactNode }) {
  return (
    <div className="tl-head">
      <div className="tl-min0">
        <h2 className={`tl-t tl-subtitle1 tl-card-title${anywhere ? " tl-anywhere" : ""}`}>{title}</h2>
        {children}
      </div>
      {aside}
    </div>
  );
}
