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
 * - `tl-bold` (600), `tl-stat-body` (a stat card's content: MUI CardContent's padding, 24 px at its end), `tl-stat-head` (a stat's name and icon, apart), `tl-stat-value` (h4, bold), `tl-primary`
 */
export function useDashboardSheet(): void {
  useCardSheet();
  useSheet("dashboard-parts", ({ palette, typography }) => [
    `.tl-line{display:flex;flex-direction:row;align-items:center;gap:12px}`,
    `.tl-line-top{align-items:flex-start}`,
    `.tl-dot{width:10px;height:10px;border-radius:50%;flex-shrink:0}`,
    `.tl-bold{font-weight:600}`,
    `.tl-stat-body{padding:16px 16px 24px}`,
    `.tl-stat-head{display:flex;flex-direction:row;justify-content:space-between;align-items:flex-start}`,
    `.tl-stat-value{margin:4px 0;${declarations(typography.h4 as Record<string, unknown>)};font-weight:700}`,
    `.tl-primary{color:${palette.primary.main}}`,
  ]);
}
