import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { drawingOf, plainIcon } from "../../client/src/components/plainIcon.tsx";

// client/src/components/plainIcon.tsx: an @mui/icons-material icon as a plain <svg> must render what MUI's
// SvgIcon renders (element, attributes, MUI's class names, the drawing), less emotion's generated class and
// the test id MUI adds outside production. Every icon the app passes to plainIcon is checked, found in the sources.

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `import XMui from "@mui/icons-material/Name"` … `plainIcon(XMui)`: the icon modules made plain. */
function plainIconModules(): string[] {
  const modules = new Set<string>();
  for (const file of sourceFiles("client/src").filter((f) => !f.endsWith("plainIcon.tsx"))) {
    const text = readFileSync(file, "utf8");
    for (const [, name] of text.matchAll(/plainIcon\((\w+)\)/g)) {
      const source = new RegExp(`import ${name} from "(@mui/icons-material/\\w+)"`).exec(text)?.[1];
      if (!source) throw new Error(`${file}: plainIcon(${name}) without an @mui/icons-material import`);
      modules.add(source);
    }
  }
  return [...modules].sort();
}

const normalize = (html: string) =>
  html
    .replace(/<style[^>]*>.*?<\/style>/g, "")
    .replace(/ data-testid="[^"]*"/g, "")
    .replace(/ css-[\w-]+/g, "");

const variants: Record<string, unknown>[] = [
  {},
  { fontSize: "small", className: "tl-chip-icon" },
  { fontSize: "inherit", color: "primary", "aria-label": "Vehicle", style: { fontSize: 14 } },
  { color: "disabled", titleAccess: "Badge" },
];

describe("plainIcon", () => {
  const modules = plainIconModules();

  it("is used with the cards', the frame's and the dashboard's icons", () => {
    expect(modules).toEqual(expect.arrayContaining(["@mui/icons-material/EditOutlined", "@mui/icons-material/PlaceOutlined", "@mui/icons-material/Dashboard", "@mui/icons-material/LocalShippingOutlined"]));
  });

  it.each(modules)("%s renders as MUI's SvgIcon does", async (source) => {
    const Mui = (await import(source)).default as ComponentType<Record<string, unknown>>;
    expect(drawingOf(Mui as never)).not.toBeNull();
    const Plain = plainIcon(Mui as never) as ComponentType<Record<string, unknown>>;
    expect(Plain).not.toBe(Mui);
    for (const props of variants) {
      const mui = normalize(renderToStaticMarkup(createElement(Mui, props)));
      const plain = renderToStaticMarkup(createElement(Plain, props)).replace(/ tl-icon/, "");
      expect(plain).toBe(mui);
      expect(plain).toMatch(/<path /);
    }
  });

  it("keeps an icon built some other way as it is", () => {
    const Other = (() => null) as never;
    expect(plainIcon(Other)).toBe(Other);
  });
});
