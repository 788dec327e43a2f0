import { describe, expect, it } from "vitest";
import {
  AMENDABLE,
  amendApplicationForm,
  newLineValues,
  recordApplicationForm,
  recordApplicationInput,
  type RecordApplicationFormValues,
} from "../../schemas/applications.ts";
import { messageOfText } from "../../schemas/messages.ts";
import { certificationForm } from "../../schemas/team.ts";
import { render } from "../../server/i18n/index.ts";

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
    expect(out).toMatchObject({
      customerName: "Casa Verde",
      areaTreated: { amount: "600", unit: "SQ_FT" },
      endedAt: null,
      weather: null,
      lines: [{ amount: "2.5", unit: "FL_OZ", dilution: null }],
    });
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
    expect(messages({ ...filled(), serviceAddress: { ...filled().serviceAddress, zip: "787" } })).toMatchObject({
      "serviceAddress.zip": "ZIP must be 5 digits (or ZIP+4)",
    });
    expect(messages({ ...filled(), endedAt: "2026-11-20T08:00" })).toMatchObject({ endedAt: "End time must be after the start time" });
    expect(messages({ ...filled(), lines: [{ ...newLineValues("x", "FL_OZ"), amount: "2", dilutionAmount: "1" }] })).toMatchObject({
      "lines.0.finishedVolume": "Finished volume is required",
    });
  });

  it("says its own messages (the form's alone) through the schemas' catalog: an id each, in Spanish too (issue 35)", () => {
    const said = (values: RecordApplicationFormValues) =>
      Object.fromEntries((recordApplicationForm.safeParse(values).error?.issues ?? []).reverse().map((i) => [i.path.join("."), i.message]));
    // The text the form shows in English → its message → the message in Spanish.
    const spanish = (text: string | undefined) => {
      const m = text === undefined ? undefined : messageOfText(text);
      return m && { id: m.id, es: render(m, "es-US") };
    };
    const blank = said({ ...filled(), startedAt: "", areaAmount: "", lines: [] });
    expect(spanish(blank.startedAt)).toEqual({ id: "application.startTimeIsRequired", es: "La hora de inicio es obligatoria" });
    expect(spanish(blank.lines)).toEqual({ id: "application.addAtLeastOneProduct", es: "Agregue al menos un producto" });
    expect(blank.areaAmount).toBe("Area treated is required");
    expect(spanish(blank.areaAmount)).toEqual({ id: "field.required", es: "El campo «Área tratada» es obligatorio" });
    const line = said({ ...filled(), lines: [{ ...newLineValues("", "FL_OZ"), amount: "" }] });
    expect(spanish(line["lines.0.itemId"])).toEqual({ id: "application.chooseTheProductThatWas", es: "Elija el producto que se aplicó" });
    expect(line["lines.0.amount"]).toBe("Amount is required");
    expect(spanish(line["lines.0.amount"])).toEqual({ id: "field.required", es: "El campo «Cantidad» es obligatorio" });
    expect(spanish(said({ ...filled(), endedAt: "2026-11-20T08:00" }).endedAt)).toEqual({
      id: "application.endTimeMustBeAfter",
      es: "La hora de fin debe ser posterior a la hora de inicio",
    });
    const weight = said({
      ...filled(),
      lines: [{ ...newLineValues("x", "FL_OZ"), amount: "2", dilutionAmount: "1", finishedVolume: "1", finishedUnit: "LB" }],
    });
    expect(weight["lines.0.finishedUnit"]).toBe("Finished volume must be a volume (fl oz, gal, mL, L)");
    expect(spanish(weight["lines.0.finishedUnit"])).toEqual({
      id: "application.finishedVolumeMustBeAVolume",
      es: "El volumen final debe ser un volumen (oz líq., gal, mL, L)",
    });
    // The certification form (schemas/team.ts) says its expiry rule the same way.
    const cert = certificationForm.safeParse({ number: "TX-1", state: "TX", categories: "", issuedOn: "2027-04-01", expiresOn: "2027-03-31" }).error?.issues[0]
      ?.message;
    expect(cert).toBe("Expires on must be after the issue date");
    expect(spanish(cert)).toEqual({ id: "application.expiresOnMustBeAfter", es: "La fecha de vencimiento debe ser posterior a la fecha de emisión" });
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
    const out = amendApplicationForm(new Set(["customerName"]), true).parse({
      ...values,
      reason: "Typo",
      customerName: "Casa Verde Cafe",
      lines: [{ ...values.lines[0]!, amount: "0" }],
    });
    expect(out).toEqual({ reason: "Typo", customerName: "Casa Verde Cafe", lines: [{ lineId: "l1", itemId: "i1", unit: "FL_OZ", amount: "0" }] });
  });
  it("lets a migrated record's missing parts stay missing unless they are changed", () => {
    const migrated = { ...values, reason: "Add the time", customerName: "", areaAmount: "", method: "" };
    expect(amendApplicationForm(new Set(["startedAt"]), false).safeParse(migrated).success).toBe(true);
    expect(amendApplicationForm(new Set(AMENDABLE), false).safeParse(migrated).success).toBe(false);
  });
});
