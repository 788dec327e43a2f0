import { describe, expect, it } from "vitest";
import {
  CAMERA_VIDEO_CONSTRAINTS,
  DECODE_RETRY_MS,
  DELAY_BETWEEN_SCANS_MS,
  QUAGGA_READERS,
  ZXING_FORMATS,
  canonicalCode,
  lookupCandidates,
  createScanGate,
  createSameCodeRule,
  formatName,
  isConfidentQuaggaRead,
  isValidGtin,
  normalizeScannedCode,
  parseLabelCode,
  upcEToUpcA,
  checkDigitHolds,
  createFrameAgreement,
  engineText,
  needsSecondRead,
  settleReads,
  upcAToUpcE,
  FRAME_AGREEMENT_MS,
  type Candidate,
} from "../../client/src/components/scanner/scanRules.ts";
import { cameraErrorMessage } from "../../client/src/components/scanner/cameraErrors.ts";
import { labelsPath, MAX_LABELS, parseLabelIds } from "../../client/src/features/labels/sheetPath.ts";
import { ean13 } from "../../server/demo/seed.ts"; // the demo data's own EAN-13 maker
import { labelPayload } from "../../server/domain/scan.ts";

describe("camera constants and barcode kinds (§9)", () => {
  it("asks for the rear camera at ideal 1280x720, 500 ms between scans, 300 ms decode retry", () => {
    expect(CAMERA_VIDEO_CONSTRAINTS).toEqual({ facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } });
    expect(DELAY_BETWEEN_SCANS_MS).toBe(500);
    expect(DECODE_RETRY_MS).toBe(300);
  });

  it("ZXing reads the 2D symbols and 1D; Quagga the 1D families, EAN with add-ons before plain EAN", () => {
    expect(ZXING_FORMATS).toEqual(expect.arrayContaining(["QR_CODE", "DATA_MATRIX", "AZTEC", "PDF_417", "EAN_13", "CODE_128"]));
    expect(QUAGGA_READERS[0]).toEqual({ format: "ean_reader", config: { supplements: ["ean_5_reader", "ean_2_reader"] } });
    expect(QUAGGA_READERS).toEqual(expect.arrayContaining(["ean_reader", "upc_reader", "upc_e_reader", "ean_8_reader", "code_39_reader", "code_93_reader", "code_128_reader", "i2of5_reader"]));
    expect(formatName("QR_CODE")).toBe("QR Code");
    expect(formatName("ean_13")).toBe("EAN-13");
    expect(formatName("something_new")).toBe("something_new");
  });
});

describe("scanned code → look-up", () => {
  it("trims and drops control characters before the code is looked up", () => {
    expect(normalizeScannedCode("  0261120016239\r\n")).toBe("0261120016239");
    expect(normalizeScannedCode("\u001d0100614141999996")).toBe("0100614141999996");
  });

  it("reads Trapline label payloads as the server does, and nothing else", () => {
    expect(parseLabelCode(labelPayload("equipment", 12))).toEqual({ type: "equipment", id: 12 });
    expect(parseLabelCode(" TRAPLINE:Inventory:3 ")).toEqual({ type: "inventory", id: 3 });
    expect(parseLabelCode("trapline:truck:3")).toBeNull();
    expect(parseLabelCode("BG2000-44871")).toBeNull();
    expect(parseLabelCode("trapline:equipment:")).toBeNull();
  });
});

describe("product codes in one spelling", () => {
  it("gives a UPC-A (ZXing's report of an EAN-13 starting with 0) as its EAN-13, as the inventory stores it", () => {
    expect(canonicalCode("036000291452", "UPC-A")).toBe("0036000291452");
    expect(canonicalCode("036000291452", "upc_a")).toBe("0036000291452");
    expect(canonicalCode("036000291453", "UPC-A")).toBe("036000291453"); // bad check digit: left alone
    expect(canonicalCode("036000291452", "Code 128")).toBe("036000291452");
    expect(canonicalCode("trapline:equipment:4", "QR Code")).toBe("trapline:equipment:4");
  });

  it("looks a product code up in both spellings, anything else once", () => {
    expect(lookupCandidates("0036000291452")).toEqual(["0036000291452", "036000291452"]);
    expect(lookupCandidates("036000291452")).toEqual(["036000291452", "0036000291452"]);
    expect(lookupCandidates(" BG2000-44871 ")).toEqual(["BG2000-44871"]);
    expect(lookupCandidates("4006381333931")).toEqual(["4006381333931"]);
  });
});

describe("which reads to trust", () => {
  it("checks GTIN check digits (EAN-13 from the demo data, UPC-A, EAN-8)", () => {
    const code = ean13("026112001623");
    expect(isValidGtin(code)).toBe(true);
    expect(isValidGtin(code.slice(0, 12) + ((Number(code[12]) + 1) % 10))).toBe(false);
    expect(isValidGtin("036000291452")).toBe(true); // UPC-A
    expect(isValidGtin("96385074")).toBe(true); // EAN-8
    expect(isValidGtin("12345")).toBe(false);
    expect(upcEToUpcA("04252614")).toBe("042100005264");
    expect(isValidGtin(upcEToUpcA("04252614")!)).toBe(true);
  });

  it("accepts a Quagga read only with well-matched bars and a valid check digit", () => {
    const code = ean13("089215400121");
    const good = [0.05, 0.08, 0.1, 0.02];
    expect(isConfidentQuaggaRead({ format: "ean_13", code, errors: good })).toBe(true);
    expect(isConfidentQuaggaRead({ format: "ean_13", code: `${code}12345`, errors: good })).toBe(true); // with a 5-digit add-on
    expect(isConfidentQuaggaRead({ format: "ean_13", code: code.slice(0, 12) + "0", errors: good })).toBe(code.endsWith("0"));
    expect(isConfidentQuaggaRead({ format: "ean_13", code, errors: [0.3, 0.4, 0.2] })).toBe(false);
    expect(isConfidentQuaggaRead({ format: "upc_e", code: "04252614", errors: good })).toBe(true);
    expect(isConfidentQuaggaRead({ format: "code_128", code: "BG2000-44871", errors: good })).toBe(true);
    expect(isConfidentQuaggaRead({ format: "code_128", code: "", errors: good })).toBe(false);
    expect(isConfidentQuaggaRead({ format: "i2of5", code: "12345", errors: good })).toBe(false);
  });

  it("treats the same code within 500 ms as one scan, a new code at once as another", () => {
    const gate = createScanGate(500);
    expect(gate("A", 1000)).toBe(true);
    expect(gate("A", 1200)).toBe(false);
    expect(gate("B", 1300)).toBe(true);
    expect(gate("B", 1799)).toBe(false);
    expect(gate("B", 1800)).toBe(true);
  });
});

describe("one-by-one scanning: the same code again", () => {
  it("counts a label held in view once, however slowly its frames are decoded", () => {
    const rule = createSameCodeRule(2500, 2);
    expect(rule.take("A", 0)).toBe(true);
    // A slow phone: a read every 3 s, each one the same label.
    for (let at = 3000; at <= 30_000; at += 3000) {
      rule.frame("A", at);
      expect(rule.take("A", at), `at ${at}`).toBe(false);
    }
  });

  it("counts it again once two frames missed it and 2.5 s passed since one read it; one unreadable frame is not out of view", () => {
    const rule = createSameCodeRule(2500, 2);
    expect(rule.take("A", 0)).toBe(true);
    rule.frame(null, 3000); // one blurred frame, 3 s on
    rule.frame("A", 4000);
    expect(rule.take("A", 4000)).toBe(false);
    rule.frame(null, 5000);
    rule.frame(null, 6000);
    expect(rule.take("A", 6000)).toBe(false); // two frames, 2.0 s since it was read
    rule.frame(null, 6600);
    rule.frame("A", 6800); // back in view: still to be taken
    expect(rule.take("A", 6900)).toBe(true);
    rule.frame("A", 7000);
    expect(rule.take("A", 7000)).toBe(false);
  });

  it("a different code counts at once, and the first again after it", () => {
    const rule = createSameCodeRule(2500, 2);
    expect(rule.take("A", 0)).toBe(true);
    rule.frame("B", 100);
    expect(rule.take("B", 100)).toBe(true);
    expect(rule.take("A", 200)).toBe(true);
  });
});

describe("§8 camera errors", () => {
  it("shows the camera's own message, else the fixed text for the step", () => {
    const denied = Object.assign(new Error("Permission denied"), { name: "NotAllowedError" });
    expect(cameraErrorMessage(denied, "access")).toBe("Permission denied");
    expect(cameraErrorMessage({ name: "NotFoundError", message: "" }, "access")).toBe("Camera access failed");
    expect(cameraErrorMessage(null, "access")).toBe("Camera access failed");
    expect(cameraErrorMessage(new Error(""), "start")).toBe("Failed to start camera");
    expect(cameraErrorMessage(new Error("play() was interrupted"), "start")).toBe("play() was interrupted");
    expect(cameraErrorMessage(new Error("index out of range"), "scan")).toBe("Scanner error occurred");
  });
});

describe("label sheets", () => {
  it("round-trips ids through the sheet's path, deduplicated and capped", () => {
    const path = labelsPath(["RXF1aXBtZW50OjE=", "SW52ZW50b3J5SXRlbToy"]);
    expect(path).toBe("/labels?ids=RXF1aXBtZW50OjE%3D,SW52ZW50b3J5SXRlbToy");
    expect(parseLabelIds(path.slice(path.indexOf("?")))).toEqual(["RXF1aXBtZW50OjE=", "SW52ZW50b3J5SXRlbToy"]);
    expect(parseLabelIds("?ids=a,b,a&ids=c,,")).toEqual(["a", "b", "c"]);
    expect(parseLabelIds("")).toEqual([]);
    const many = Array.from({ length: MAX_LABELS + 5 }, (_, i) => `id${i}`);
    expect(parseLabelIds(`?ids=${many.join(",")}`)).toHaveLength(MAX_LABELS);
  });
});

describe("the decoding pipeline's rules (issue 18)", () => {
  const read = (text: string, format: string, engine: Candidate["engine"]): Candidate => ({ text, format, engine });

  it("holds 1D reads to their check digit: EAN-13, EAN-8, UPC-A, UPC-E, ITF-14 and even-length ITF", () => {
    expect(checkDigitHolds("9780441014989", "EAN13")).toBe(true);
    expect(checkDigitHolds("9780441014980", "EAN13")).toBe(false);
    expect(checkDigitHolds("978044101498", "EAN-13")).toBe(false); // too short
    expect(checkDigitHolds("96385074", "ean_8")).toBe(true);
    expect(checkDigitHolds("96385075", "EAN8")).toBe(false);
    expect(checkDigitHolds("854818000116", "UPCA")).toBe(true);
    expect(checkDigitHolds("854818000117", "UPC_A")).toBe(false);
    expect(checkDigitHolds("05096893", "UPCE")).toBe(true);
    expect(checkDigitHolds("05096894", "upc_e")).toBe(false);
    expect(checkDigitHolds("070429", "ITF")).toBe(true);
    expect(checkDigitHolds("07042", "ITF")).toBe(false);
    expect(checkDigitHolds("10012345678902", "ITF14")).toBe(true);
    expect(checkDigitHolds("10012345678903", "itf")).toBe(false);
    expect(checkDigitHolds("any text", "QRCode")).toBe(true);
  });

  it("gives ZXing-C++'s expanded UPC-E back as the 8-digit UPC-E", () => {
    expect(upcAToUpcE("0050968000093")).toBe("05096893");
    expect(upcAToUpcE("049000006346")).toBe("04963406");
    expect(upcAToUpcE("041244000098")).toBe("04124498");
    expect(upcAToUpcE("012000006494")).toBe("01264904");
    expect(upcAToUpcE("854818000116")).toBeNull(); // no UPC-E form
    for (const e of ["05096893", "04963406", "04124498", "01264904"]) expect(upcAToUpcE(upcEToUpcA(e)!)).toBe(e);
    expect(engineText("0050968000093", "UPCE")).toBe("05096893");
    expect(engineText("0050968000093", "EAN13")).toBe("0050968000093");
  });

  it("trusts one read of a 2D symbol; every 1D read, whichever engine made it, needs a second (issue 36)", () => {
    expect(needsSecondRead(read("", "QRCode", "zxing-wasm"))).toBe(false);
    expect(needsSecondRead(read("", "DataMatrix", "native"))).toBe(false);
    expect(needsSecondRead(read("", "EAN13", "zxing-wasm"))).toBe(true);
    expect(needsSecondRead(read("", "ean_13", "native"))).toBe(true);
    expect(needsSecondRead(read("", "Code128", "zxing-wasm"))).toBe(true);
    expect(needsSecondRead(read("", "QR_CODE", "zxing"))).toBe(false);
    expect(needsSecondRead(read("", "EAN_13", "zxing"))).toBe(true);
    expect(needsSecondRead(read("", "code_128", "quagga"))).toBe(true);
    expect(needsSecondRead(read("", "UPCE", "zxing-wasm"))).toBe(true);
    expect(needsSecondRead(read("", "ean_8", "native"))).toBe(true);
  });

  it("settles reads: check digits, a second read where needed, ambiguity dropped", () => {
    // One read of a 2D symbol is trusted; a lone EAN-13, even from ZXing-C++, is set aside until a second read agrees.
    expect(settleReads([read("trapline:inventory:3", "QRCode", "zxing-wasm")]).hit).toEqual({ text: "trapline:inventory:3", format: "QR Code", engine: "zxing-wasm" });
    const lone = settleReads([read("9780441014989", "EAN13", "zxing-wasm")]);
    expect(lone.hit).toBeNull();
    expect(lone.rejected).toEqual([{ text: "9780441014989", rule: "second-read" }]);
    expect(settleReads([read("9780441014989", "EAN13", "zxing-wasm"), read("9780441014989", "EAN13", "zxing-wasm")]).hit).toEqual({ text: "9780441014989", format: "EAN-13", engine: "zxing-wasm" });
    // A failed check digit is never an answer.
    const bad = settleReads([read("9780441014980", "EAN13", "zxing-wasm")]);
    expect(bad.hit).toBeNull();
    expect(bad.rejected).toEqual([{ text: "9780441014980", rule: "check-digit" }]);
    // Quagga alone: set aside; two Quagga reads (two variants) or Quagga + ZXing agree: accepted.
    const q = read("9780441014989", "ean_13", "quagga");
    expect(settleReads([q]).hit).toBeNull();
    expect(settleReads([q]).rejected).toEqual([{ text: "9780441014989", rule: "second-read" }]);
    expect(settleReads([q, q]).hit?.text).toBe("9780441014989");
    expect(settleReads([q, read("9780441014989", "EAN_13", "zxing")]).hit).toMatchObject({ text: "9780441014989", format: "EAN-13" });
    // ZXing (JavaScript) 1D alone is not enough; its QR read is.
    expect(settleReads([read("854818000116", "UPC_A", "zxing")]).hit).toBeNull();
    expect(settleReads([read("trapline:equipment:7", "QR_CODE", "zxing")]).hit?.text).toBe("trapline:equipment:7");
    // A UPC-E, even from ZXing-C++, needs a second read (another engine, or another variant of the photo).
    const e = read("0050968000093", "UPCE", "zxing-wasm");
    expect(settleReads([e]).hit).toBeNull();
    expect(settleReads([e, e]).hit).toEqual({ text: "05096893", format: "UPC-E", engine: "zxing-wasm" });
    expect(settleReads([e, read("05096893", "UPC_E", "zxing")]).hit).toEqual({ text: "05096893", format: "UPC-E", engine: "zxing-wasm" });
    // Quagga's UPC-E twice (two sizes) is not enough: it misread a photo the same way at both.
    const qe = read("00211125", "upc_e", "quagga");
    expect(settleReads([qe, qe]).hit).toBeNull();
    expect(settleReads([qe, read("00211125", "UPCE", "zxing-wasm")]).hit?.text).toBe("00211125");
    // Two unconfirmed UPC-E reads that differ: neither is an answer.
    expect(settleReads([e, read("04904144", "UPCE", "zxing-wasm")]).hit).toBeNull();
    // A stray unconfirmed UPC-E beside a confirmed EAN-13 does not block it.
    const ean = read("9780441014989", "EAN13", "zxing-wasm");
    expect(settleReads([ean, ean, read("0178100000449", "UPCE", "zxing-wasm")]).hit?.text).toBe("9780441014989");
    // Two trusted reads that disagree: ambiguous, nothing shown.
    const two = settleReads([ean, ean, read("http://example.com", "QRCode", "zxing-wasm")]);
    expect(two).toMatchObject({ hit: null, ambiguous: true });
    expect(two.rejected.map((r) => r.rule)).toEqual(["ambiguous", "ambiguous"]);
    // UPC-A and its EAN-13 are one code, reported as the EAN-13.
    expect(settleReads([read("854818000116", "UPCA", "zxing-wasm"), read("0854818000116", "EAN_13", "zxing")]).hit).toEqual({ text: "0854818000116", format: "EAN-13", engine: "zxing-wasm" });
    // The live camera confirms on a second frame instead: one read goes through.
    expect(settleReads([q], { oneReadEnough: true }).hit?.text).toBe("9780441014989");
  });


  it("acts on a camera read only when the next frame, within the window, reads the same", () => {
    const frames = createFrameAgreement(FRAME_AGREEMENT_MS);
    expect(frames.see("A", 0)).toBe(false);
    expect(frames.pending).toBe(true);
    expect(frames.see("A", 300)).toBe(true);
    expect(frames.pending).toBe(false);
    // A different code in between starts over.
    expect(frames.see("A", 1000)).toBe(false);
    expect(frames.see("B", 1300)).toBe(false);
    expect(frames.see("A", 1600)).toBe(false);
    expect(frames.see("A", 1900)).toBe(true);
    // Too late: the window has passed.
    expect(frames.see("C", 5000)).toBe(false);
    expect(frames.see("C", 5000 + FRAME_AGREEMENT_MS + 1)).toBe(false);
    expect(frames.see("C", 5000 + FRAME_AGREEMENT_MS + 2)).toBe(true);
    // A slow decoder: the window runs from the end of the first frame's decoding to the next capture.
    expect(frames.see("D", 10_000, 12_000)).toBe(false);
    expect(frames.see("D", 12_100, 14_000)).toBe(true);
  });
});
