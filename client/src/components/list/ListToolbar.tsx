import { MenuItem, TextField, type SxProps, type Theme } from "@mui/material";
import type { ReactNode } from "react";
import { useListSheet } from "./listSheet.ts";

/**
 * Every list screen's toolbar: its search and filters, then its actions at the end. A column on a
 * phone, a row from `breakpoint` up (`md` where a row would be too crowded at tablet widths). An
 * outlined card as plain elements (listSheet.ts); the fields stay MUI's.
 */
export function ListToolbar({ children, actions, breakpoint = "sm" }: { children?: ReactNode; actions?: ReactNode; breakpoint?: "sm" | "md" }) {
  useListSheet();
  return (
    <div className={`tl-card tl-listbar tl-listbar-${breakpoint}`}>
      <div className="tl-listbar-row">
        {children}
        {actions && <div className="tl-listbar-actions">{actions}</div>}
      </div>
    </div>
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
