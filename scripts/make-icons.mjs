// Draws the app's icons from its logo (MUI's PestControl glyph, as the sign-in screen and sidebar show it)
// with Debian's Chromium: the page's icon, the manifest's 192/512 and maskable icons, the apple-touch-icon.
// The PNGs are committed; run this again only when the logo or the colours change:  node scripts/make-icons.mjs
import { chromium } from "playwright-core";

const GREEN = "#1b5e20";
const GLYPH =
  "M21 15v-2h-3.07c-.05-.39-.12-.77-.22-1.14l2.58-1.49-1-1.73L16.92 10c-.28-.48-.62-.91-.99-1.29.04-.23.07-.46.07-.71 0-.8-.24-1.55-.65-2.18L17 4.17l-1.41-1.41-1.72 1.72c-1.68-.89-3.1-.33-3.73 0L8.41 2.76 7 4.17l1.65 1.65C8.24 6.45 8 7.2 8 8c0 .25.03.48.07.72-.37.38-.71.81-.99 1.28L4.71 8.63l-1 1.73 2.58 1.49c-.1.37-.17.75-.22 1.14H3v2h3.07c.05.39.12.77.22 1.14l-2.58 1.49 1 1.73L7.08 18c1.08 1.81 2.88 3 4.92 3s3.84-1.19 4.92-3l2.37 1.37 1-1.73-2.58-1.49c.1-.37.17-.75.22-1.14H21zm-8 2h-2v-6h2z";

/** The glyph in white on green; `inset` is the share of the side the glyph's 24-unit box takes. */
const svg = ({ rounded, inset }) => {
  const scale = inset / 24;
  const offset = (1 - inset) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" rx="${rounded ? 0.2 : 0}" fill="${GREEN}"/><path transform="translate(${offset} ${offset}) scale(${scale})" fill="#fff" d="${GLYPH}"/></svg>`;
};

const out = "client/public/icons";
const icons = [
  // The page's icon (index.html): a PNG, not an SVG. Chromium draws an SVG icon in a document of its own (an
  // SVG image is a page with a frame), built on the page's main thread while the first screen loads.
  { file: "favicon-48.png", size: 48, rounded: true, inset: 0.8 },
  // "any" icons: a rounded tile, the glyph nearly filling it.
  { file: "icon-192.png", size: 192, rounded: true, inset: 0.72 },
  { file: "icon-512.png", size: 512, rounded: true, inset: 0.72 },
  // maskable: full bleed, the glyph inside the central 80 % safe zone.
  { file: "maskable-512.png", size: 512, rounded: false, inset: 0.56 },
  // iOS rounds the corners itself and shows no transparency.
  { file: "apple-touch-icon.png", size: 180, rounded: false, inset: 0.64 },
];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(icon).replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`);
    await page.screenshot({ path: `${out}/${icon.file}`, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`icons written to ${out}`);
