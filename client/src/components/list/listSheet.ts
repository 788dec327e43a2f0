import { declarations, useSheet } from "../sheet.ts";
import { useCardSheet } from "../cardParts.tsx";

/**
 * The frame of every list screen (its column, toolbar card, phone cards' list, empty card and Load more) as
 * class names from a sheet written once, beside the cards' (`components/cardParts.tsx`): MUI's Stack, Card,
 * Typography and Box's look without their per-render style work. A list is the screen a technician opens
 * most after the scanner.
 *
 * - `tl-page` (a list screen's column, 16 px apart)
 * - `tl-listbar` (the toolbar's card: 12 px inside, 16 px from a tablet's width) with `tl-listbar-sm` or `tl-listbar-md`
 *   (where its `tl-listbar-row` turns from a column into a row, centred, and its `tl-listbar-actions` go right)
 * - `tl-listbar-actions` (the toolbar's actions: a row that wraps, 12 px apart), `tl-bar-btn` (a button there: one line,
 *   never narrower), `tl-bar-btn-fill` (the same, taking the row's room until the toolbar is a row itself)
 * - `tl-cards` (the phone's `ul` of cards, 12 px apart), `tl-list-empty-body` (an empty list's card content: MUI
 *   CardContent's padding) holding `tl-list-empty` (its text: body1, centred, 24 px above and below)
 * - `tl-center` (Load more's line)
 */
export function useListSheet(): void {
  useCardSheet();
  useSheet("list-parts", ({ breakpoints, typography }) => [
    `.tl-page{display:flex;flex-direction:column;gap:16px}`,
    `.tl-listbar{padding:12px}`,
    `${breakpoints.up("sm")}{.tl-listbar{padding:16px}}`,
    `.tl-listbar-row{display:flex;flex-direction:column;gap:12px}`,
    `.tl-listbar-actions{display:flex;flex-direction:row;flex-wrap:wrap;gap:12px}`,
    ...(["sm", "md"] as const).map(
      (bp) => `${breakpoints.up(bp)}{.tl-listbar-${bp}>.tl-listbar-row{flex-direction:row;align-items:center}.tl-listbar-${bp}>.tl-listbar-row>.tl-listbar-actions{margin-left:auto}}`,
    ),
    `.tl-bar-btn{white-space:nowrap;flex-shrink:0}`,
    `.tl-bar-btn-fill{white-space:nowrap;flex:1}`,
    `${breakpoints.up("md")}{.tl-bar-btn-fill{flex:none}}`,
    `.tl-cards{display:flex;flex-direction:column;gap:12px;list-style:none;padding:0;margin:0}`,
    `.tl-center{text-align:center}`,
    `.tl-list-empty-body{padding:16px 16px 24px}`,
    `.tl-list-empty{padding:24px 0;text-align:center;${declarations(typography.body1 as Record<string, unknown>)}}`,
  ]);
}
