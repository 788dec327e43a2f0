import type SvgIcon from "@mui/material/SvgIcon";
import { capitalize } from "@mui/material/utils";
import { isValidElement, type ComponentProps, type ReactElement, type ReactNode } from "react";
import { useSheet } from "./sheet.ts";

type MuiIcon = typeof SvgIcon;
type Size = "inherit" | "small" | "medium" | "large";
type Color = "inherit" | "action" | "disabled" | "primary" | "secondary" | "error" | "info" | "success" | "warning";
const PALETTE = ["primary", "secondary", "error", "info", "success", "warning"] as const;

export type PlainIconProps = Omit<ComponentProps<"svg">, "children" | "color"> & {
  fontSize?: Size;
  /** As MUI's: a palette colour (its main shade), `action` / `disabled` (the action colours), else the text's. */
  color?: Color;
  /** The icon's accessible name, as MUI's `titleAccess` (then role="img" and a <title>, else aria-hidden). */
  titleAccess?: string;
};

/**
 * The drawing an `@mui/icons-material` icon renders (its `<path>`s): such an icon is
 * `memo(forwardRef(render))`, and its render returns an `SvgIcon` element with the drawing as children.
 * Null when an icon is not built that way (tests/client/plainIcon.test.ts checks every icon the app uses it with).
 */
export function drawingOf(icon: MuiIcon): ReactNode {
  const render = (icon as unknown as { type?: { render?: (props: object, ref: null) => unknown } }).type?.render;
  const element = typeof render === "function" ? render({}, null) : null;
  return isValidElement(element) ? ((element as ReactElement<{ children?: ReactNode }>).props.children ?? null) : null;
}

/**
 * An `@mui/icons-material` icon as a plain `<svg>` with MUI's classes and look (SvgIcon's root: 1em square,
 * the current colour, `fontSize` small/medium/large/inherit), styled by a sheet written once rather than by
 * emotion on every render. For the icons a list repeats on each of its cards (a card shows five to eight): MUI's
 * icon is four components deep (memo, forwardRef, SvgIcon, its styled root) and works out its styles each time.
 *
 * The base rules sit in `:where()` (no specificity), so any class that sizes or colours an icon (a chip's, a
 * button's, MUI's `.MuiButton-startIcon>*`) wins over them, as over MUI's own. Made once per icon, at module level:
 * `const EditIcon = plainIcon(EditOutlined)`.
 */
const plainIcons = new WeakMap<MuiIcon, (props: PlainIconProps) => ReactElement>();
export function plainIcon(icon: MuiIcon): (props: PlainIconProps) => ReactElement {
  // One component per icon, however many modules make it plain (the frame and the dashboard share several).
  const made = plainIcons.get(icon);
  if (made) return made;
  const drawing = drawingOf(icon);
  // An icon built some other way stays MUI's own.
  const plain = drawing === null ? (icon as unknown as (props: PlainIconProps) => ReactElement) : drawn(drawing);
  plainIcons.set(icon, plain);
  return plain;
}
/** The plain `<svg>` component of one drawing. */
function drawn(drawing: ReactNode) {
  return function PlainIcon({ fontSize = "medium", color = "inherit", titleAccess, className, ...rest }: PlainIconProps) {
    useSheet("plain-icons", ({ palette, typography, transitions }) => [
      `:where(.tl-icon){user-select:none;width:1em;height:1em;display:inline-block;flex-shrink:0;fill:currentColor;` +
        `transition:${transitions.create("fill", { duration: transitions.duration.shorter })}}`,
      `:where(.MuiSvgIcon-fontSizeSmall.tl-icon){font-size:${typography.pxToRem(20)}}`,
      `:where(.MuiSvgIcon-fontSizeMedium.tl-icon){font-size:${typography.pxToRem(24)}}`,
      `:where(.MuiSvgIcon-fontSizeLarge.tl-icon){font-size:${typography.pxToRem(35)}}`,
      `:where(.MuiSvgIcon-fontSizeInherit.tl-icon){font-size:inherit}`,
      ...PALETTE.map((name) => `:where(.MuiSvgIcon-color${capitalize(name)}.tl-icon){color:${palette[name].main}}`),
      `:where(.MuiSvgIcon-colorAction.tl-icon){color:${palette.action.active}}`,
      `:where(.MuiSvgIcon-colorDisabled.tl-icon){color:${palette.action.disabled}}`,
    ]);
    const colorClass = color === "inherit" ? "" : ` MuiSvgIcon-color${capitalize(color)}`;
    return (
      <svg
        className={`MuiSvgIcon-root${colorClass} MuiSvgIcon-fontSize${capitalize(fontSize)} tl-icon${className ? ` ${className}` : ""}`}
        focusable="false"
        aria-hidden={titleAccess ? undefined : true}
        role={titleAccess ? "img" : undefined}
        viewBox="0 0 24 24"
        {...rest}
      >
        {drawing}
        {titleAccess ? <title>{titleAccess}</title> : null}
      </svg>
    );
  };
}
