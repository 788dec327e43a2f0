import { describe, expect, it } from "vitest";
import {
  CAMERA_VIDEO_CONSTRAINTS,
  DECODE_RETRY_MS,
  DELAY_BETWEEN_SCANS_MS,
  MAX_LABELS,
  QUAGGA_READERS,
  ZXING_FORMATS,
  cameraErrorMessage,
  canonicalCode,
  lookupCandidates,
  createScanGate,
  formatName,
  isConfidentQuaggaRead,
  isValidGtin,
  labelsPath,
  normalizeScannedCode,
  parseLabelCode,
  parseLabelIds,
  upcEToUpcA,
} from "../../client/src/components/scanner/scanRules.ts";
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
