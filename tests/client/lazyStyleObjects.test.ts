// client/lazyStyleObjects.ts: the build's preprocessStyles serializes a style when it is first read, to the same
// serialized style MUI's own gives, and refuses to build when MUI's file no longer reads as it expects.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { lazyStyleObjects } from "../../client/lazyStyleObjects.ts";

const require = createRequire(import.meta.url);
const file = join(require.resolve("@mui/system/package.json"), "../preprocessStyles.mjs");
const original = readFileSync(file, "utf8");

type Transform = (this: { error(message: string): never }, code: string, id: string) => { code: string } | null;
const transform = lazyStyleObjects().transform as Transform;
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};

type Preprocess = (input: Record<string, unknown>) => { style: unknown; variants?: { props: unknown; style: unknown }[]; isProcessed: boolean };
/** The transformed file as a module (beside node_modules, so that it finds @mui/styled-engine), and MUI's own. */
async function load(): Promise<{ lazy: Preprocess; mui: Preprocess }> {
  const out = transform.call(context, original, file);
  expect(out).not.toBeNull();
  const dir = join(process.cwd(), "node_modules/.cache/trapline-tests");
  mkdirSync(dir, { recursive: true });
  const target = join(dir, `preprocessStyles-${process.pid}.mjs`);
  writeFileSync(target, out!.code);
  return { lazy: (await import(pathToFileURL(target).href)).default, mui: (await import(pathToFileURL(file).href)).default };
}

describe("lazyStyleObjects", () => {
  it("leaves every other module alone, and stops the build when MUI's preprocessStyles changes shape", () => {
    expect(transform.call(context, original, "/x/node_modules/@mui/system/createStyled/createStyled.mjs")).toBeNull();
    expect(() => transform.call(context, original.replace("if (result.style === style)", "if (!result)"), file)).toThrow(/no longer reads as expected/);
  });

  it("serializes the style and its variants' styles when read, not before, to what MUI's own gives", async () => {
    const { lazy, mui } = await load();
    let reads = 0;
    const hover = {
      get color() {
        reads += 1;
        return "green";
      },
    };
    const input = () => ({ color: "red", "&:hover": hover, variants: [{ props: { dense: true }, style: { padding: 4 } }, { props: {}, style: () => ({ margin: 1 }) }] });

    const processed = lazy(input());
    expect(processed.isProcessed).toBe(true);
    expect(reads).toBe(0);
    const expected = mui(input());
    reads = 0;
    // Emotion's serialized style: its class name's hash and its rules (a function or two beside them are made afresh).
    const serialized = (style: unknown) => ({ name: (style as { name: string }).name, styles: (style as { styles: string }).styles });
    expect(serialized(processed.style)).toEqual(serialized(expected.style));
    expect(serialized(processed.style).styles).toContain("color:green");
    expect(reads).toBe(1);
    expect(processed.style).toBe(processed.style);
    expect(reads).toBe(1);
    expect(serialized(processed.variants![0]!.style)).toEqual(serialized(expected.variants![0]!.style));
    expect(processed.variants![0]!.style).toMatchObject({ name: expect.any(String), styles: expect.stringContaining("padding:4px") });
    expect(typeof processed.variants![1]!.style).toBe("function");
  });
});
