import type { ReactNode } from "react";
import { OutlinedSelect } from "../OutlinedField.tsx";
import { useListSheet } from "./listSheet.ts";

/**
 * Every list screen's toolbar: its search and filters, then its actions at the end. A column on a
 * phone, a row from `breakpoint` up (`md` where a row would be too crowded at tablet widths). An
 * outlined card as plain elements (listSheet.ts), as are its fields (SearchField, FilterSelect).
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

/**
 * A list filter: a small outlined select whose first choice (value "") shows everything ("All Statuses"). Plain
 * elements around the native select (OutlinedSelect): the lists' first screens draw no MUI field.
 */
export function FilterSelect<V extends string>({
  label,
  all,
  options,
  value,
  onChange,
  minWidth = 200,
}: {
  label: string;
  all: string;
  options: readonly { value: V; label: string }[];
  value: V | "";
  onChange(value: V | ""): void;
  minWidth?: number;
}) {
  return <OutlinedSelect<V | ""> label={label} value={value} onChange={onChange} options={[{ value: "", label: all }, ...options]} minWidth={minWidth} />;
}
