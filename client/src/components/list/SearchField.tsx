import SearchIcon from "@mui/icons-material/Search";
import { InputAdornment, TextField, type SxProps, type Theme } from "@mui/material";

/** A list's search box, with the magnifier. */
export function SearchField(props: {
  label: string;
  placeholder?: string;
  value: string;
  onChange(value: string): void;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { label, placeholder, value, onChange, fullWidth, sx } = props;
  return (
    <TextField
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      size="small"
      type="search"
      fullWidth={fullWidth}
      sx={sx}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
