import { useMediaQuery, useTheme, type Breakpoint } from "@mui/material";

/** Whether the screen is narrower than the theme's `breakpoint` ("sm": a phone; "md": a phone or a small tablet). */
export function useScreenBelow(breakpoint: Breakpoint): boolean {
  return useMediaQuery(useTheme().breakpoints.down(breakpoint));
}
