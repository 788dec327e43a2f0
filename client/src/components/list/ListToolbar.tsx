import { Card, MenuItem, Stack, TextField, type SxProps, type Theme } from "@mui/material";
import type { ReactNode } from "react";

/**
 * Every list screen's toolbar: its search and filters, then its actions at the end. A column on a
 * phone, a row from `breakpoint` up (`md` where a row would be too crowded at tablet widths).
 */
export function ListToolbar({ children, actions, breakpoint = "sm" }: { children?: ReactNode; actions?: ReactNode; breakpoint?: "sm" | "md" }) {
  return (
    <Card sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction={{ xs: "column", [breakpoint]: "row" }} useFlexGap spacing={1.5} sx={{ alignItems: { [breakpoint]: "center" } }}>
        {children}
        {actions && (
          <Stack direction="row" useFlexGap sx={{ gap: 1.5, flexWrap: "wrap", ml: { [breakpoint]: "auto" } }}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** A list filter: a small select whose first choice (value "") shows everything ("All Statuses"). */
export function FilterSelect<V extends string>({
  label,
  all,
  options,
  value,
  onChange,
  minWidth = 200,
  sx,
}: {
  label: string;
  all: string;
  options: readonly { value: V; label: string }[];
  value: V | "";
  onChange(value: V | ""): void;
  minWidth?: number;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as V | "")}
      sx={[{ minWidth: { sm: minWidth } }, ...(Array.isArray(sx) ? sx : [sx])]}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{all}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
