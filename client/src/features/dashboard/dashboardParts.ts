import { lighten } from "@mui/material/styles";
import { declarations, useSheet } from "../../components/sheet.ts";
import { useCardSheet } from "../../components/cardParts.tsx";

/**
 * The dashboard's repeated lines (an activity entry, an equipment line, a stat card's text) as class names
 * from a sheet written once, beside the cards' (`components/cardParts.tsx`: `tl-t`, `tl-body2`,
 * `tl-caption`, `tl-secondary`, `tl-anywhere`, `tl-grow`, the chips): MUI's Stack, Box and Typography's
 * look without their per-render style work. The dashboard is most people's first screen.
 *
 * - `tl-line` (a row of a dot or icon and text: 12 px apart, centred), `tl-line-top` (aligned at the top)
 * - `tl-dot` (the 10 px status dot)
 * - `tl-stat-body` (a stat card's content: MUI CardContent's padding, 24 px at its end), `tl-stat-head` (a stat's name and icon, apart), `tl-stat-value` (h4, bold), `tl-primary`
 * - `tl-stack` (MUI's Stack: a column) with `tl-sp-1` / `tl-sp-125` / `tl-sp-15` / `tl-sp-25` (8, 10, 12, 20 px apart)
 * - `tl-fill` (flex: 1), `tl-body1`, `tl-heavy` (700), `tl-py-1` (8 px above and below), `tl-empty` (a section's "nothing here" in body1: centred, 16 px above and below)
 * - `tl-wrap-row` (a row that wraps, 8 px apart and 4 px between lines)
 * - `tl-alert` (a Critical Alerts row: pink, rounded), `tl-error-dark`, `tl-reorder` (its Reorder button's darker red)
 * - `tl-cert` (an expiring certification's row: rounded, `tl-cert-expired` pink or `tl-cert-soon` amber), `tl-cert-who` (its name and number, 160 px at least)
 * - `tl-req` (a Pending Requests row: outlined, rounded), `tl-req-foot` (its date and buttons, 8 px apart)
 * - `tl-meter` holding one `span` (MUI's determinate LinearProgress in the primary colour: the span's
 *   `transform: translateX(value - 100%)` fills it)
 */
export function useDashboardSheet(): void {
  useCardSheet();
  useSheet("dashboard-parts", ({ palette, shape, typography }) => [
    `.tl-line{display:flex;flex-direction:row;align-items:center;gap:12px}`,
    `.tl-line-top{align-items:flex-start}`,
    `.tl-dot{width:10px;height:10px;border-radius:50%;flex-shrink:0}`,
    `.tl-stat-body{padding:16px 16px 24px}`,
    `.tl-stat-head{display:flex;flex-direction:row;justify-content:space-between;align-items:flex-start}`,
    `.tl-stat-value{margin:4px 0;${declarations(typography.h4 as Record<string, unknown>)};font-weight:700}`,
    `.tl-primary{color:${palette.primary.main}}`,
    `.tl-stack{display:flex;flex-direction:column}`,
    `.tl-sp-1{gap:8px}`,
    `.tl-sp-125{gap:10px}`,
    `.tl-sp-15{gap:12px}`,
    `.tl-sp-25{gap:20px}`,
    `.tl-fill{flex:1}`,
    `.tl-body1{${declarations(typography.body1 as Record<string, unknown>)}}`,
    `.tl-heavy{font-weight:700}`,
    `.tl-py-1{padding:8px 0}`,
    `.tl-empty{padding:16px 0;text-align:center}`,
    `.tl-wrap-row{display:flex;flex-direction:row;flex-wrap:wrap;align-items:center;column-gap:8px;row-gap:4px}`,
    `.tl-alert{display:flex;flex-direction:row;align-items:center;padding:12px;border-radius:${Number(shape.borderRadius) * 2}px;background-color:#fdecea}`,
    `.tl-error-dark{color:${palette.error.dark}}`,
    // error.main on the pink row is 4.35:1; the darker red reaches 4.9:1 (WCAG AA 4.5:1). One class stronger
    // than CardButton's colours (its sheet is written after this one); its disabled grey, written later, still wins.
    `.tl-btn.tl-btn-outlined.tl-reorder{color:${palette.error.dark}}`,
    `.tl-cert{padding:12px;border-radius:${Number(shape.borderRadius) * 2}px}`,
    `.tl-cert-expired{background-color:#fdecea}`,
    `.tl-cert-soon{background-color:#fff4e5}`,
    `.tl-cert-who{min-width:160px}`,
    `.tl-req{padding:12px;border:1px solid ${palette.divider};border-radius:${Number(shape.borderRadius) * 2}px}`,
    `.tl-req-foot{display:flex;flex-direction:row;align-items:center;gap:8px;margin-top:8px}`,
    `.tl-meter{position:relative;overflow:hidden;display:block;height:4px;z-index:0;margin-top:8px;background-color:${lighten(palette.primary.main, 0.62)}}`,
    `@media print{.tl-meter{color-adjust:exact}}`,
    `.tl-meter>span{position:absolute;left:0;top:0;bottom:0;width:100%;transform-origin:left;transition:transform .4s linear;background-color:${palette.primary.main}}`,
  ]);
}
