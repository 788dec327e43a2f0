/// <reference types="vite/client" />
// (decoders.ts imports its worker, which takes the .wasm as a Vite `?url` asset: vite/client declares those.)
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WasmRequest, WasmResponse } from "../../client/src/components/scanner/wasmWorker.ts";

// client/src/components/scanner/decoders.ts: ZXing-C++'s worker. A new worker answers nothing until its WASM has
// downloaded and compiled; a request's timeout must not terminate it while it compiles (on a slow phone the
// engine then never started, and a first photo spent its budget waiting).

/** A worker whose first answer comes `compileMs` after it starts, and each later one `decodeMs` after its request (never when null). */
class FakeWorker {
  static made: FakeWorker[] = [];
  static compileMs = 0;
  static decodeMs: number | null = 10;
  onmessage: ((event: MessageEvent<WasmResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  received: number[] = [];
  private readyAt = Date.now() + FakeWorker.compileMs;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(request: WasmRequest) {
    this.received.push(request.id);
    const decodeMs = FakeWorker.decodeMs;
    if (decodeMs === null && Date.now() >= this.readyAt) return;
    const at = Math.max(this.readyAt, Date.now()) + (decodeMs ?? 0);
    setTimeout(() => {
      if (!this.terminated) this.onmessage?.({ data: { id: request.id, reads: [{ text: `read ${request.id}`, format: "QRCode", isValid: true, box: { x: 0, y: 0, width: 1, height: 1 } }] } } as MessageEvent<WasmResponse>);
    }, at - Date.now());
  }
  terminate() {
    this.terminated = true;
  }
}

class FakeImageData {
  data: Uint8ClampedArray;
  constructor(width: number, height: number) {
    this.data = new Uint8ClampedArray(width * height * 4);
  }
}

const image = () => new FakeImageData(2, 2) as unknown as ImageData;
const options = { formats: ["QRCode" as const] };

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("Worker", FakeWorker);
  vi.stubGlobal("ImageData", FakeImageData);
  FakeWorker.made = [];
  FakeWorker.compileMs = 0;
  FakeWorker.decodeMs = 10;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("WasmEngine", () => {
  it("while its WASM compiles, a request gets null at once and the worker goes on compiling; once it has answered, requests go to it", async () => {
    const { WasmEngine } = await import("../../client/src/components/scanner/decoders.ts");
    FakeWorker.compileMs = 5000;
    const engine = new WasmEngine();
    const started = engine.warm();
    for (let i = 0; i < 4; i++) {
      // A camera frame every 1.5 s: each gets no answer from this engine, and none stops the compile.
      expect(await engine.read(image(), options, 1500)).toBeNull();
      await vi.advanceTimersByTimeAsync(1500);
    }
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]!.terminated).toBe(false);
    expect(FakeWorker.made[0]!.received).toHaveLength(1); // the warm-up only
    expect(await started).toBe(true);
    const read = engine.read(image(), options, 1500);
    await vi.advanceTimersByTimeAsync(10);
    expect((await read)?.[0]?.text).toMatch(/^read \d+$/);
    expect(await engine.warm()).toBe(true);
  });

  it("a started worker that does not answer in time is terminated, and the next one starts as the first did", async () => {
    const { WasmEngine } = await import("../../client/src/components/scanner/decoders.ts");
    const engine = new WasmEngine();
    const started = engine.warm();
    await vi.advanceTimersByTimeAsync(10);
    expect(await started).toBe(true);
    FakeWorker.decodeMs = null; // stuck on this image
    const stuck = engine.read(image(), options, 1500);
    await vi.advanceTimersByTimeAsync(1500);
    expect(await stuck).toBeNull();
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    FakeWorker.decodeMs = 10;
    FakeWorker.compileMs = 3000;
    expect(await engine.read(image(), options, 1500)).toBeNull(); // starts a new worker, which compiles
    expect(FakeWorker.made).toHaveLength(2);
    const again = engine.warm();
    await vi.advanceTimersByTimeAsync(3010);
    expect(await again).toBe(true);
    expect(FakeWorker.made[1]!.terminated).toBe(false);
  });

  it("a worker that cannot run here: warm() says so and every read is null, without a second worker", async () => {
    const { WasmEngine } = await import("../../client/src/components/scanner/decoders.ts");
    FakeWorker.compileMs = 60_000;
    const engine = new WasmEngine();
    const started = engine.warm();
    FakeWorker.made[0]!.onerror?.({ preventDefault() {} } as ErrorEvent);
    expect(await started).toBe(false);
    expect(await engine.read(image(), options, 1500)).toBeNull();
    expect(await engine.warm()).toBe(false);
    expect(FakeWorker.made).toHaveLength(1);
  });
});
