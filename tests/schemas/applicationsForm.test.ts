import { describe, expect, it } from "vitest";
import { AMENDABLE, amendApplicationForm, newLineValues, recordApplicationForm, recordApplicationInput, type RecordApplicationFormValues } from "../../schemas/applications.ts";

// The Record application and Amend forms read their text inputs into the shared rules (issue 34).
const filled = (): RecordApplicationFormValues => ({
  customerName: "Casa Verde",
  serviceAddress: { street: "77 E 6th St", city: "Austin", state: "tx", zip: "78701" },
  siteDescription: "",
  areaAmount: "600",
  areaUnit: "SQ_FT",
  startedAt: "2026-11-20T09:00",
  endedAt: "",
  targetPests: ["Ants"],
  method: "SPRAY",
  applicatorId: "",
  supervisorId: "",
  supervisedApplicators: [],
  weather: { temperatureF: "", windSpeedMph: "", windDirection: "" },
  notes: "",
  lines: [{ ...newLineValues("SW52ZW50b3J5SXRlbTox", "FL_OZ"), amount: "2.5" }],
});

describe("recordApplicationForm", () => {
  it("reads a filled form into recordApplication's input, which the server's own schema accepts", () => {
    const out = recordApplicationForm.parse(filled());
    expect(out).toMatchObject({ customerName: "Casa Verde", areaTreated: { amount: "600", unit: "SQ_FT" }, endedAt: null, weather: null, lines: [{ amount: "2.5", unit: "FL_OZ", dilution: null }] });
    expect(out.startedAt).toBe(new Date("2026-11-20T09:00").toISOString());
    expect(out).not.toHaveProperty("applicatorId");
    // The server checks ids as numbers (GraphQL decodes them first): with numbers in their place the same input passes.
    expect(recordApplicationInput.safeParse({ ...out, lines: out.lines.map((l) => ({ ...l, itemId: 1 })) }).success).toBe(true);
  });

  it("says what is missing in the shared rule's words", () => {
    // The first message of each field, as the form shows it.
    const messages = (values: RecordApplicationFormValues) =>
      Object.fromEntries((recordApplicationForm.safeParse(values).error?.issues ?? []).reverse().map((i) => [i.path.join("."), i.message]));
    expect(messages({ ...filled(), customerName: " ", areaAmount: "", targetPests: [], method: "", lines: [] })).toMatchObject({
      customerName: "Customer name is required",
      areaAmount: "Area treated is required",
      targetPests: "Name at least one target pest",
      method: "Method is required",
      lines: "Add at least one product",
    });
    expect(messages({ ...filled(), lines: [newLineValues("x", "FL_OZ")] })).toMatchObject({ "lines.0.amount": "Amount is required" });
    expect(messages({ ...filled(), lines: [{ ...newLineValues("x", "FL_OZ"), amount: "1.2345" }] })["lines.0.amount"]).toMatch(/at most 3 decimals/);
    expect(messages({ ...filled(), serviceAddress: { ...filled().serviceAddress, zip: "787" } })).toMatchObject({ "serviceAddress.zip": "ZIP must be 5 digits (or ZIP+4)" });
    expect(messages({ ...filled(), endedAt: "2026-11-20T08:00" })).toMatchObject({ endedAt: "End time must be after the start time" });
    expect(messages({ ...filled(), lines: [{ ...newLineValues("x", "FL_OZ"), amount: "2", dilutionAmount: "1" }] })).toMatchObject({ "lines.0.finishedVolume": "Finished volume is required" });
  });

  it("keeps weather and a dilution when given", () => {
    const out = recordApplicationForm.parse({
      ...filled(),
      weather: { temperatureF: "72", windSpeedMph: "", windDirection: "NW" },
      lines: [{ ...newLineValues("x", "FL_OZ"), amount: "2", dilutionAmount: "0.5", dilutionUnit: "FL_OZ", finishedVolume: "1", finishedUnit: "GAL" }],
    });
    expect(out.weather).toEqual({ temperatureF: "72", windSpeedMph: null, windDirection: "NW" });
    expect(out.lines[0]!.dilution).toEqual({ amount: "0.5", unit: "FL_OZ", finishedVolume: "1", finishedUnit: "GAL" });
  });
});

describe("amendApplicationForm", () => {
  const values = { ...filled(), reason: "", lines: [{ lineId: "l1", itemId: "i1", unit: "FL_OZ", amount: "2.5" }] };
  it("needs a reason and sends only the parts that changed", () => {
    expect(amendApplicationForm(new Set(), false).safeParse(values).error?.issues[0]?.message).toBe("Reason is required");
    const out = amendApplicationForm(new Set(["customerName"]), true).parse({ ...values, reason: "Typo", customerName: "Casa Verde Cafe", lines: [{ ...values.lines[0]!, amount: "0" }] });
    expect(out).toEqual({ reason: "Typo", customerName: "Casa Verde Cafe", lines: [{ lineId: "l1", itemId: "i1", unit: "FL_OZ", amount: "0" }] });
  });
  it("lets a migrated record's missing parts stay missing unless they are changed", () => {
    const migrated = { ...values, reason: "Add the time", customerName: "", areaAmount: "", method: "" };
    expect(amendApplicationForm(new Set(["startedAt"]), false).safeParse(migrated).success).toBe(true);
    expect(amendApplicationForm(new Set(AMENDABLE), false).safeParse(migrated).success).toBe(false);
  });
});
