import SearchIconMui from "@mui/icons-material/Search";
import { OutlinedField } from "../OutlinedField.tsx";
import { plainIcon } from "../plainIcon.tsx";

const SearchIcon = plainIcon(SearchIconMui);

/**
 * A list's search box, with the magnifier: MUI's small outlined TextField drawn from a sheet (OutlinedField).
 * `grow` takes the toolbar row's room; `wide` is at least 320 px from a tablet's width.
 */
export function SearchField(props: { label: string; placeholder?: string; value: string; onChange(value: string): void; fullWidth?: boolean; grow?: boolean; wide?: boolean }) {
  return <OutlinedField {...props} size="small" type="search" startAdornment={<SearchIcon fontSize="small" />} />;
}
