/**
 * ZXing-C++ (zxing-wasm) off the main thread: the scanner posts an image, this answers with every
 * code it found (and, with `returnErrors`, where it saw a symbol it could not read). The .wasm file
 * is an asset of our own build (never the package's default CDN), fetched the first time a scanner
 * opens and precached by the service worker like every other asset.
 */
import { prepareZXingModule, readBarcodes, type ReaderOptions } from "zxing-wasm/reader";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? new URL(wasmUrl, self.location.href).href : prefix + path),
  },
  fireImmediately: false,
});

export type WasmRequest = { id: number; image: ImageData; options: ReaderOptions };
export type WasmRead = { text: string; format: string; isValid: boolean; box: { x: number; y: number; width: number; height: number } };
export type WasmResponse = { id: number; reads: WasmRead[] } | { id: number; error: string };

self.onmessage = async (event: MessageEvent<WasmRequest>) => {
  const { id, image, options } = event.data;
  let answer: WasmResponse;
  try {
    const results = await readBarcodes(image, options);
    answer = {
      id,
      reads: results.map((r) => {
        const xs = [r.position.topLeft.x, r.position.topRight.x, r.position.bottomLeft.x, r.position.bottomRight.x];
        const ys = [r.position.topLeft.y, r.position.topRight.y, r.position.bottomLeft.y, r.position.bottomRight.y];
        const x = Math.min(...xs);
        const y = Math.min(...ys);
        return { text: r.text, format: r.format, isValid: r.isValid, box: { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y } };
      }),
    };
  } catch (err) {
    answer = { id, error: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(answer);
};
