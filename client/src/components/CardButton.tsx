import { alpha, type Theme } from "@mui/material/styles";
import type { MouseEventHandler, ReactNode, Ref } from "react";
import { Link } from "react-router-dom";
import { useSheet } from "./sheet.ts";

type Color = "primary" | "secondary" | "error" | "warning";
type Variant = "text" | "outlined" | "contained";

export type CardButtonProps = {
  children: ReactNode;
  variant?: Variant;
  color?: Color;
  /** MUI's small Button (a card's action, the default) or its medium one (a section's or a form's). */
  size?: "small" | "medium";
  /** As wide as its container (MUI's `fullWidth`). */
  fullWidth?: boolean;
  /** A form's submit button. */
  type?: "button" | "submit";
  /** An icon before the text (an `@mui/icons-material` icon element). */
  startIcon?: ReactNode;
  /** An icon after the text (a menu button's arrow). */
  endIcon?: ReactNode;
  disabled?: boolean;
  onClick?: MouseEventHandler<HTMLElement>;
  /** A link to a screen of the app instead of a button (react-router's Link). */
  to?: string;
  /** A link to a page outside the app instead of a button (e.g. a label sheet in a new tab). */
  href?: string;
  target?: string;
  rel?: string;
  "aria-label"?: string;
  /** A button that opens a menu: what it opens, and whether that is open now. */
  "aria-haspopup"?: "menu";
  "aria-expanded"?: boolean;
  "aria-controls"?: string;
  "data-urgency"?: string;
  /** Added to the button's own classes (a Tooltip passes one, possibly empty). */
  className?: string;
  /** A Tooltip's (DeferredTooltip) reference; its handlers and aria props pass through to the element too. */
  ref?: Ref<HTMLButtonElement & HTMLAnchorElement>;
};

/**
 * A small action of a list's card or row ('Edit', 'Check Out', 'Label'), or with `size="medium"` a first
 * screen's (the dashboard's 'View All' and quick actions, the scanner's buttons): a native button (or link)
 * that looks like MUI's Button, styled by class names from a sheet written once, not per render.
 *
 * A list renders four or five actions on each of twenty cards. MUI's Button works out its styles on
 * every render (its variants, the theme's colours, emotion's serialisation and hashing): a cold
 * `/equipment` on a phone at 4× CPU slowdown ran 10% less JavaScript with these (1,603 ms against
 * 1,780, CPU profiles, 4 interleaved pairs of 3 loads). Keyboard focus shows an outline (MUI shows a
 * ripple); a press shows a darker shade.
 */
export function CardButton({
  children,
  variant = "text",
  color = "primary",
  size = "small",
  fullWidth,
  type = "button",
  startIcon,
  endIcon,
  disabled,
  to,
  href,
  className: extra,
  ...rest
}: CardButtonProps) {
  useSheet("card-buttons", buttonRules);
  const className = `tl-btn tl-btn-${variant} tl-btn-${color}${size === "medium" ? " tl-btn-medium" : ""}${fullWidth ? " tl-btn-full" : ""}${extra ? ` ${extra}` : ""}`;
  const content = (
    <>
      {startIcon && <span className="tl-btn-icon">{startIcon}</span>}
      {children}
      {endIcon && <span className="tl-btn-icon-end">{endIcon}</span>}
    </>
  );
  if (to !== undefined && !disabled)
    return (
      <Link className={className} to={to} {...rest}>
        {content}
      </Link>
    );
  if (href !== undefined && !disabled)
    return (
      <a className={className} href={href} {...rest}>
        {content}
      </a>
    );
  return (
    <button type={type} className={className} disabled={disabled} {...rest}>
      {content}
    </button>
  );
}

/** The amber of a 'soon' warning: MUI's warning orange is too light for white text (about 3:1). */
const WARNING = { main: "#b45309", dark: "#92400e", contrastText: "#fff" };

/** The buttons' rules, from the theme the app runs with. */
function buttonRules(theme: Theme): string[] {
  const { palette, shape, typography, transitions } = theme;
  const transition = transitions.create(["background-color", "border-color", "color"], { duration: transitions.duration.short });
  const rules = [
    `.tl-btn{display:inline-flex;align-items:center;justify-content:center;position:relative;box-sizing:border-box;min-width:64px;margin:0;border:0;border-radius:${shape.borderRadius}px;` +
      `background-color:transparent;font-family:${typography.fontFamily};font-size:${typography.pxToRem(13)};font-weight:600;line-height:1.75;letter-spacing:0.02857em;` +
      `text-transform:none;text-decoration:none;vertical-align:middle;cursor:pointer;user-select:none;-webkit-tap-highlight-color:transparent;appearance:none;outline:0;transition:${transition}}`,
    `.tl-btn:focus-visible{outline:2px solid currentColor;outline-offset:2px}`,
    `.tl-btn-text{padding:4px 5px}`,
    `.tl-btn-outlined{padding:3px 9px;border:1px solid}`,
    `.tl-btn-contained{padding:4px 10px}`,
    `.tl-btn-icon{display:inherit;margin-right:8px;margin-left:-2px}`,
    `.tl-btn-icon-end{display:inherit;margin-left:8px;margin-right:-2px}`,
    `.tl-btn-icon>svg,.tl-btn-icon-end>svg{font-size:18px}`,
    // The medium size: MUI's Button without `size`.
    `.tl-btn-medium{font-size:${typography.pxToRem(14)}}`,
    `.tl-btn-medium.tl-btn-text{padding:6px 8px}`,
    `.tl-btn-medium.tl-btn-outlined{padding:5px 15px}`,
    `.tl-btn-medium.tl-btn-contained{padding:6px 16px}`,
    `.tl-btn-medium>.tl-btn-icon{margin-left:-4px}`,
    `.tl-btn-medium>.tl-btn-icon-end{margin-right:-4px}`,
    `.tl-btn-medium>.tl-btn-icon>svg,.tl-btn-medium>.tl-btn-icon-end>svg{font-size:20px}`,
    `.tl-btn-full{width:100%}`,
  ];
  const colors = (["primary", "secondary", "error", "warning"] as const).map((name) => ({ name, ...(name === "warning" ? WARNING : palette[name]) }));
  const light = (name: string, state = "") => `.tl-btn-text.tl-btn-${name}${state},.tl-btn-outlined.tl-btn-${name}${state}`;
  for (const c of colors)
    rules.push(
      `${light(c.name)}{color:${c.main}}`,
      `.tl-btn-outlined.tl-btn-${c.name}{border-color:${alpha(c.main, 0.5)}}`,
      `${light(c.name, ":hover")}{background-color:${alpha(c.main, palette.action.hoverOpacity)}}`,
      `.tl-btn-outlined.tl-btn-${c.name}:hover{border-color:${c.main}}`,
      `.tl-btn-contained.tl-btn-${c.name}{color:${c.contrastText};background-color:${c.main}}`,
      `.tl-btn-contained.tl-btn-${c.name}:hover{background-color:${c.dark}}`,
      // A phone has no hover: a tapped button does not keep the hover shade (as MUI's Button).
      `@media (hover:none){${light(c.name, ":hover")}{background-color:transparent}.tl-btn-contained.tl-btn-${c.name}:hover{background-color:${c.main}}}`,
      // While pressed: a darker shade, where MUI's Button shows its ripple.
      `${light(c.name, ":active")}{background-color:${alpha(c.main, 0.16)}}`,
      `.tl-btn-contained.tl-btn-${c.name}:active{background-color:${c.dark}}`,
    );
  // Last and one class stronger than a colour's rules: a disabled button is grey whatever its colour.
  rules.push(
    `.tl-btn.tl-btn:disabled{cursor:default;pointer-events:none;color:${palette.action.disabled}}`,
    `.tl-btn.tl-btn-outlined:disabled{border-color:${palette.action.disabledBackground}}`,
    `.tl-btn.tl-btn-contained:disabled{background-color:${palette.action.disabledBackground}}`,
  );
  return rules;
}
