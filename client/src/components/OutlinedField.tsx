import type { Theme } from "@mui/material/styles";
import ArrowDropDownIcon from "@mui/icons-material/ArrowDropDown";
import { useId, useRef, type CSSProperties, type ReactNode, type Ref } from "react";
import { plainIcon } from "./plainIcon.tsx";
import { declarations, useSheet } from "./sheet.ts";

/**
 * MUI's outlined TextField (a label over a notched outline) as plain elements from a sheet written once, for
 * the fields the first screens show: the lists' search box and the scanner's code field. MUI's TextField is
 * eight styled components deep and works out their styles on every render; this draws the same (its label's
 * rise and notch, hover, focus) in CSS.
 *
 * - The label rises into the outline's notch when the field has text or a start adornment (`data-shrink`, as
 *   MUI's) and while it has focus (`:focus-within`, so focusing renders nothing).
 * - While the label sits over an empty field, the placeholder shows only with focus, as MUI's.
 * - `grow` takes the toolbar row's room (flex 1, never wider than it); `wide` is at least 320 px from a tablet's width.
 */
export function OutlinedField({
  label,
  value,
  onChange,
  size = "medium",
  type = "text",
  placeholder,
  startAdornment,
  fullWidth,
  grow,
  wide,
  inputRef,
  autoComplete,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  size?: "small" | "medium";
  type?: "text" | "search";
  placeholder?: string;
  startAdornment?: ReactNode;
  fullWidth?: boolean;
  grow?: boolean;
  wide?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  autoComplete?: string;
}) {
  useSheet("outlined-field", outlinedFieldRules);
  const id = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const shrink = value !== "" || startAdornment != null;
  const root = `tl-field${fullWidth ? " tl-field-full" : ""}${grow ? " tl-field-grow" : ""}${wide ? " tl-field-wide" : ""}${size === "small" ? " tl-field-small" : ""}`;
  return (
    <div className={root}>
      <label className="tl-field-label" data-shrink={shrink} htmlFor={id}>
        {label}
      </label>
      {/* A click on the box itself (its padding) puts the caret in the input, as MUI's InputBase does. */}
      <div
        className={`tl-field-box${startAdornment != null ? " tl-field-adorned" : ""}`}
        onClick={(e) => {
          if (e.target === e.currentTarget) input.current?.focus();
        }}
      >
        {startAdornment != null && <div className="tl-field-adornment">{startAdornment}</div>}
        <input
          ref={(el) => {
            input.current = el;
            if (typeof inputRef === "function") inputRef(el);
            else if (inputRef) inputRef.current = el;
          }}
          className="tl-field-input"
          id={id}
          type={type}
          value={value}
          placeholder={placeholder}
          autoComplete={autoComplete}
          aria-invalid={false}
          onChange={(e) => onChange(e.target.value)}
        />
        <Outline label={label} />
      </div>
    </div>
  );
}

/**
 * MUI's small outlined select (TextField `select`, its label always risen) as plain elements around a native
 * `<select>`: the same box, label, notch and arrow from the same sheet, and the device's own picker to choose
 * from (a phone's sheet of choices, the keyboard's type-ahead), where MUI's opens a menu of its own. For the
 * lists' filters, which the first screens show.
 */
export function OutlinedSelect<V extends string>({
  label,
  value,
  onChange,
  options,
  minWidth,
}: {
  label: string;
  value: V;
  onChange(value: V): void;
  options: readonly { value: V; label: string }[];
  /** The least width from a tablet's width up (a phone's column gives the select its whole row). */
  minWidth?: number;
}) {
  useSheet("outlined-field", outlinedFieldRules);
  const id = useId();
  return (
    <div className="tl-field tl-field-small tl-field-choice" style={minWidth ? ({ "--tl-field-min": `${minWidth}px` } as CSSProperties) : undefined}>
      <label className="tl-field-label" data-shrink htmlFor={id}>
        {label}
      </label>
      <div className="tl-field-box">
        <select className="tl-field-input tl-field-select" id={id} value={value} onChange={(e) => onChange(e.target.value as V)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ArrowIcon className="tl-field-arrow" />
        <Outline label={label} />
      </div>
    </div>
  );
}

const ArrowIcon = plainIcon(ArrowDropDownIcon);

/** The notched outline: its legend, invisible, holds the label's place in the notch. */
const Outline = ({ label }: { label: string }) => (
  <fieldset aria-hidden className="tl-field-outline">
    <legend>
      <span>{label}</span>
    </legend>
  </fieldset>
);

/** MUI's FormControl, InputLabel (outlined), OutlinedInput, NotchedOutline and InputAdornment rules for these fields. */
function outlinedFieldRules({ palette, typography, shape, transitions, breakpoints }: Theme): string[] {
  const { easeOut, easeInOut } = transitions.easing;
  const border = palette.mode === "light" ? "rgba(0, 0, 0, 0.23)" : "rgba(255, 255, 255, 0.23)";
  const shrunk = "user-select:none;pointer-events:auto;max-width:calc(133% - 32px);transform:translate(14px, -9px) scale(0.75)";
  // body1 with MUI's inputs' line height.
  const body1 = `${declarations(typography.body1 as Record<string, unknown>)};line-height:1.4375em`;
  return [
    `.tl-field{display:inline-flex;flex-direction:column;position:relative;min-width:0;padding:0;margin:0;border:0;vertical-align:top}`,
    `.tl-field-full{width:100%}`,
    `.tl-field-grow{flex:1 1 0%}`,
    `${breakpoints.up("sm")}{.tl-field-wide{min-width:320px}}`,
    `.tl-field-label{color:${palette.text.secondary};${body1};padding:0;display:block;transform-origin:top left;white-space:nowrap;overflow:hidden;` +
      `text-overflow:ellipsis;position:absolute;left:0;top:0;z-index:1;pointer-events:none;max-width:calc(100% - 24px);transform:translate(14px, 16px) scale(1);` +
      `transition:${transitions.create(["color", "transform", "max-width"], { duration: transitions.duration.shorter, easing: easeOut })}}`,
    `.tl-field-small>.tl-field-label{transform:translate(14px, 9px) scale(1)}`,
    `.tl-field>.tl-field-label[data-shrink=true],.tl-field:focus-within>.tl-field-label{${shrunk}}`,
    `.tl-field:focus-within>.tl-field-label{color:${palette.primary.main}}`,
    `.tl-field-box{${body1};color:${palette.text.primary};box-sizing:border-box;cursor:text;display:inline-flex;align-items:center;position:relative;border-radius:${shape.borderRadius}px}`,
    `.tl-field-full>.tl-field-box{width:100%}`,
    `.tl-field-adorned{padding-left:14px}`,
    `.tl-field-box:hover>.tl-field-outline{border-color:${palette.text.primary}}`,
    `@media (hover:none){.tl-field-box:hover>.tl-field-outline{border-color:${border}}}`,
    `.tl-field-box:focus-within>.tl-field-outline{border-width:2px;border-color:${palette.primary.main}}`,
    `.tl-field-adornment{display:flex;max-height:2em;align-items:center;white-space:nowrap;color:${palette.action.active};margin-right:8px}`,
    `.tl-field-input{font:inherit;letter-spacing:inherit;color:currentColor;border:0;box-sizing:content-box;background:none;height:1.4375em;margin:0;` +
      `-webkit-tap-highlight-color:transparent;display:block;min-width:0;width:100%;padding:16.5px 14px}`,
    `.tl-field-small .tl-field-input{padding:8.5px 14px}`,
    `.tl-field-adorned>.tl-field-input{padding-left:0}`,
    `.tl-field-input:focus{outline:0}`,
    `.tl-field-input:invalid{box-shadow:none}`,
    `.tl-field-input::-webkit-search-decoration{appearance:none}`,
    `.tl-field-input:-webkit-autofill{border-radius:inherit}`,
    // MUI's placeholder is text.primary at 42 %; the theme's 66 % (app/theme.ts) for its contrast. Hidden while the label sits over an empty field.
    `.tl-field-input::placeholder{color:currentColor;opacity:0.66;transition:${transitions.create("opacity", { duration: transitions.duration.shorter, easing: easeInOut })}}`,
    `.tl-field-label[data-shrink=false]+.tl-field-box>.tl-field-input::placeholder{opacity:0}`,
    `.tl-field-label[data-shrink=false]+.tl-field-box>.tl-field-input:focus::placeholder{opacity:0.66}`,
    `.tl-field-outline{text-align:left;position:absolute;inset:-5px 0 0;margin:0;padding:0 8px;pointer-events:none;border-radius:inherit;border-style:solid;` +
      `border-width:1px;overflow:hidden;min-width:0%;border-color:${border}}`,
    `.tl-field-outline>legend{float:unset;width:auto;overflow:hidden;display:block;padding:0;height:11px;font-size:0.75em;visibility:hidden;max-width:0.01px;` +
      `white-space:nowrap;transition:${transitions.create("max-width", { duration: 50, easing: easeOut })}}`,
    `.tl-field-outline>legend>span{padding-left:5px;padding-right:5px;display:inline-block;opacity:0;visibility:visible}`,
    // The select (MUI's Select, small): room on the right for its arrow, which the select's whole box opens.
    `${breakpoints.up("sm")}{.tl-field-choice{min-width:var(--tl-field-min,auto)}}`,
    `.tl-field-choice>.tl-field-box{cursor:pointer}`,
    `.tl-field .tl-field-select{appearance:none;cursor:pointer;border-radius:0;padding-right:32px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-height:1.4375em}`,
    `.tl-field-select>option{color:${palette.text.primary};background:${palette.background.paper}}`,
    `.tl-field-arrow{position:absolute;right:7px;top:calc(50% - 0.5em);pointer-events:none;color:${palette.action.active};font-size:1.5rem}`,
    `.tl-field-label[data-shrink=true]+.tl-field-box>.tl-field-outline>legend,.tl-field-box:focus-within>.tl-field-outline>legend{max-width:100%;` +
      `transition:${transitions.create("max-width", { duration: 100, easing: easeOut, delay: 50 })}}`,
  ];
}
