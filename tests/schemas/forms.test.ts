import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { apiTokenForm, createApiTokenInput, NEW_API_TOKEN } from "../../schemas/apiTokens.ts";
import { recordUseForm } from "../../schemas/chemicalUse.ts";
import { equipmentForm, NEW_EQUIPMENT } from "../../schemas/equipment.ts";
import { requestForm } from "../../schemas/requests.ts";
import { inventoryItemForm, inventoryItemFormValues } from "../../schemas/inventory.ts";
import { certificationForm, certificationFormValues, NEW_TEAM_MEMBER, teamMemberForm } from "../../schemas/team.ts";
import { createWebhookInput, NEW_WEBHOOK, webhookForm } from "../../schemas/webhooks.ts";

/** What a form shows: the first message of each field, as the zod resolver of react-hook-form reports it. */
function errorsOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

const NEW_ITEM = inventoryItemFormValues(null);

describe("inventory form (§5), read by the server's own schema", () => {
  it("starts from the §9 defaults", () => {
    expect(NEW_ITEM).toMatchObject({ quantity: "0", minQuantity: "10", unit: "units", price: "0", reorderPoint: "5", reorderQuantity: "20", hazardous: false });
  });

  it("needs name, category, quantity, minimum and unit", () => {
    expect(errorsOf(inventoryItemForm, { ...NEW_ITEM, quantity: "", minQuantity: "", unit: "" })).toEqual({
      name: "Name is required",
      category: "Category is required",
      quantity: "Quantity is required",
      minQuantity: "Minimum quantity is required",
      unit: "Unit is required",
    });
    expect(errorsOf(inventoryItemForm, { ...NEW_ITEM, name: "Gel", category: "Bait" })).toEqual({});
  });

  it("refuses negatives, fractions and a reorder quantity below 1", () => {
    const errors = errorsOf(inventoryItemForm, { ...NEW_ITEM, name: "Gel", category: "Bait", quantity: "-1", minQuantity: "2.5", price: "-3", reorderQuantity: "0" });
    expect(errors.quantity).toBe("Quantity must be at least 0");
    expect(errors.minQuantity).toBe("Minimum quantity must be a whole number");
    expect(errors.price).toBe("Price must be at least 0");
    expect(errors.reorderQuantity).toBe("Reorder quantity must be at least 1");
    expect(errorsOf(inventoryItemForm, { ...NEW_ITEM, name: "Gel", category: "Bait", quantity: "abc" }).quantity).toBe("Quantity must be a number");
  });

  it("turns dollars into cents by multiplying by 100 and rounding; blank optional numbers are left out", () => {
    const item = (values: Partial<typeof NEW_ITEM>) => inventoryItemForm.parse({ ...NEW_ITEM, name: "Gel", category: "Bait", ...values });
    expect(item({ price: "12.345" }).price).toBe(1235);
    expect(item({ price: "0.1" }).price).toBe(10);
    expect(item({ price: "" }).price).toBeNull();
    expect(inventoryItemFormValues({ price: 9850 }).price).toBe("98.50");
    expect(item({ name: " Gel ", price: "4.99", supplier: "  " })).toMatchObject({ name: "Gel", price: 499, supplier: null, reorderPoint: 5, quantity: 0 });
    expect(item({ reorderPoint: "" })).not.toHaveProperty("reorderPoint", expect.anything());
  });

  it("EPA registration number: company-product or company-product-distributor, or nothing; the server's message otherwise", () => {
    const base = { ...NEW_ITEM, name: "Termidor", category: "Pesticide" };
    for (const epa of ["", "7969-210", " 432-1012-5481 ", "100-01066"]) expect(errorsOf(inventoryItemForm, { ...base, epaRegistrationNumber: epa }), epa).toEqual({});
    for (const epa of ["7969", "ABC-12", "0-12", "7969-210-", "1-2-3-4"]) {
      expect(errorsOf(inventoryItemForm, { ...base, epaRegistrationNumber: epa }).epaRegistrationNumber, epa).toMatch(/^EPA registration number must look like 432-1012/);
    }
    expect(errorsOf(inventoryItemForm, { ...base, activeIngredient: "x".repeat(201) }).activeIngredient).toBe("Active ingredient must be at most 200 characters");
    expect(inventoryItemForm.parse({ ...base, epaRegistrationNumber: " 7969-210 ", activeIngredient: "" })).toMatchObject({ epaRegistrationNumber: "7969-210" });
    // Other items keep the one-line active ingredient, as before issue 34.
    expect(inventoryItemForm.parse({ ...base, category: "Supplies", activeIngredient: "" })).toMatchObject({ activeIngredient: null });
  });

  describe("label facts of a Pesticide, Chemicals or Bait item (issue 34)", () => {
    const product = { ...NEW_ITEM, name: "Termidor SC", category: "Pesticide", epaRegistrationNumber: "7969-210" };
    it("sends them for a product: ingredient rows as a list, signal word, restricted use, formulation, container size", () => {
      const out = inventoryItemForm.parse({
        ...product,
        activeIngredients: [{ name: " Fipronil ", percent: "9.1" }, { name: "Other", percent: "" }],
        signalWord: "CAUTION",
        restrictedUse: true,
        formulation: " SC ",
        containerSize: { amount: "78", unit: "FL_OZ" },
      });
      expect(out).toMatchObject({
        activeIngredients: [{ name: "Fipronil", percent: "9.1" }, { name: "Other", percent: null }],
        signalWord: "CAUTION",
        restrictedUse: true,
        formulation: "SC",
        containerSize: { amount: "78", unit: "FL_OZ" },
      });
      expect(out).not.toHaveProperty("activeIngredient");
      expect(inventoryItemForm.parse(product)).toMatchObject({ activeIngredients: [], signalWord: null, restrictedUse: false, formulation: null, containerSize: null });
    });

    it("checks them with the server's messages, on the input that is wrong", () => {
      const paths = (values: object) => {
        const r = inventoryItemForm.safeParse({ ...product, ...values });
        // The first message of each input, as the form shows it.
        return Object.fromEntries((r.success ? [] : r.error.issues).reverse().map((i) => [i.path.join("."), i.message]));
      };
      expect(paths({ activeIngredients: [{ name: "", percent: "120" }] })).toEqual({
        "activeIngredients.0.name": "Active ingredient is required",
        "activeIngredients.0.percent": "Percent must be a number with at most 3 decimals, from 0 to 100",
      });
      expect(paths({ containerSize: { amount: "1", unit: "" } })).toEqual({ "containerSize.unit": expect.stringMatching(/^Container unit/) });
      expect(paths({ containerSize: { amount: "", unit: "GAL" } })).toEqual({ "containerSize.amount": "Container size is required" });
      expect(paths({ containerSize: { amount: "1.2345", unit: "GAL" } })).toEqual({ "containerSize.amount": "Container size must be a number with at most 3 decimals" });
    });

    it("clears them when the item is not a product, whatever the hidden inputs hold", () => {
      expect(inventoryItemForm.parse({ ...product, category: "Traps", restrictedUse: true, signalWord: "DANGER", containerSize: { amount: "x", unit: "" } })).toMatchObject({
        restrictedUse: false,
        signalWord: null,
        formulation: null,
        containerSize: null,
      });
    });

    it("shows a stored product's facts, and rows from the one-line ingredient of an item stored before the list", () => {
      const values = inventoryItemFormValues({
        name: "Talstar P",
        category: "Chemicals",
        activeIngredients: [{ name: "Bifenthrin", percent: "7.9" }],
        signalWord: "CAUTION",
        restrictedUse: false,
        containerSize: { amount: "1", unit: "GAL" },
      });
      expect(values).toMatchObject({ activeIngredients: [{ name: "Bifenthrin", percent: "7.9" }], signalWord: "CAUTION", containerSize: { amount: "1", unit: "GAL" } });
      expect(inventoryItemFormValues({ name: "Old", category: "Bait", activeIngredient: "Fipronil 0.05%, Hydroprene" }).activeIngredients).toEqual([
        { name: "Fipronil", percent: "0.05" },
        { name: "Hydroprene", percent: "" },
      ]);
    });
  });
});

describe("certification form (issue 34), read by setCertification's own fields", () => {
  const filled = { number: " TX-0042 ", state: "tx", categories: "7A General Pest, 7B Termite,", issuedOn: "", expiresOn: "2027-03-31" };
  it("reads the categories as a list and blank dates as none; the state in capitals", () => {
    expect(certificationForm.parse(filled)).toEqual({ number: "TX-0042", state: "TX", categories: ["7A General Pest", "7B Termite"], issuedOn: null, expiresOn: "2027-03-31" });
    expect(certificationForm.parse({ ...filled, categories: "" }).categories).toEqual([]);
  });
  it("needs a number, a two-letter state and an expiry after the issue date", () => {
    expect(errorsOf(certificationForm, { ...filled, number: "", state: "Texas", expiresOn: "" })).toEqual({
      number: "Certification number is required",
      state: "State must be a two-letter code, e.g. TX",
      expiresOn: "Expires on must be a date (YYYY-MM-DD)",
    });
    expect(errorsOf(certificationForm, { ...filled, issuedOn: "2027-04-01" })).toEqual({ expiresOn: "Expires on must be after the issue date" });
  });
  it("opens with the member's certification, or blanks", () => {
    expect(certificationFormValues({ number: "TX-1", state: "TX", categories: ["7A", "7B"], issuedOn: null, expiresOn: "2027-01-01" })).toEqual({
      number: "TX-1", state: "TX", categories: "7A, 7B", issuedOn: "", expiresOn: "2027-01-01",
    });
    expect(certificationFormValues(null)).toEqual({ number: "", state: "", categories: "", issuedOn: "", expiresOn: "" });
  });
});

describe("team form (§5)", () => {
  const filled = { ...NEW_TEAM_MEMBER, username: "jdoe", password: "secret-123", name: "J Doe" };
  it("needs a confirmation that matches; role defaults to employee", () => {
    expect(errorsOf(teamMemberForm, filled).confirmPassword).toBe("Please confirm your password");
    expect(errorsOf(teamMemberForm, { ...filled, confirmPassword: "other" }).confirmPassword).toBe("Passwords don't match");
    expect(errorsOf(teamMemberForm, { ...filled, confirmPassword: "secret-123" })).toEqual({});
    expect(NEW_TEAM_MEMBER.role).toBe("employee");
  });
  it("says a blank username or password is required, and applies the server's rules otherwise", () => {
    const errors = errorsOf(teamMemberForm, { ...NEW_TEAM_MEMBER, confirmPassword: "x" });
    expect(errors).toMatchObject({ username: "Username is required", password: "Password is required", name: "Name is required" });
    expect(errorsOf(teamMemberForm, { ...filled, username: "jd", password: "short", confirmPassword: "short" })).toMatchObject({
      username: "Username must be at least 3 characters",
      password: "Password must be at least 8 characters",
    });
  });
});

describe("record use form", () => {
  const ok = { quantity: "2", siteAddress: "12 Oak St", targetPest: "Termites", date: "2026-11-20" };
  const form = recordUseForm(5, "2026-11-22");
  it("needs a whole quantity within stock, a site, a pest and a date not in the future", () => {
    expect(errorsOf(form, ok)).toEqual({});
    expect(errorsOf(form, { ...ok, quantity: "" }).quantity).toBe("Quantity is required");
    expect(errorsOf(form, { ...ok, quantity: "1.5" }).quantity).toBe("Quantity must be a whole number");
    expect(errorsOf(form, { ...ok, quantity: "0" }).quantity).toBe("Quantity must be at least 1");
    expect(errorsOf(form, { ...ok, quantity: "6" }).quantity).toBe("Only 5 in stock");
    expect(errorsOf(form, { ...ok, siteAddress: "  " }).siteAddress).toBe("Site address is required");
    expect(errorsOf(form, { ...ok, targetPest: "" }).targetPest).toBe("Target pest is required");
    expect(errorsOf(form, { ...ok, date: "" }).date).toBe("Date is required");
    expect(errorsOf(form, { ...ok, date: "2026-11-23" }).date).toBe("Date of use cannot be in the future");
  });
  it("builds the mutation input (without the item)", () => {
    expect(form.parse({ ...ok, siteAddress: " 12 Oak St ", quantity: " 2" })).toEqual({ quantity: 2, siteAddress: "12 Oak St", targetPest: "Termites", date: "2026-11-20" });
  });
});

describe("equipment form (§5)", () => {
  const ok = { ...NEW_EQUIPMENT, name: "Backpack sprayer", category: "Sprayer" };
  it("needs name and category; status defaults to available", () => {
    expect(NEW_EQUIPMENT.status).toBe("available");
    expect(errorsOf(equipmentForm, NEW_EQUIPMENT)).toEqual({ name: "Name is required", category: "Category is required" });
    expect(errorsOf(equipmentForm, ok)).toEqual({});
  });
  it("sends blanks as null, dates as typed, and an assignee only while checked out", () => {
    expect(equipmentForm.parse({ ...ok, purchaseDate: "2026-03-01", assignedTo: "Marcus" })).toMatchObject({
      status: "available",
      purchaseDate: "2026-03-01",
      lastMaintenance: null,
      maintenanceIntervalDays: null,
      serialNumber: null,
      assignedTo: null,
    });
    expect(equipmentForm.parse({ ...ok, status: "checked_out", assignedTo: " Marcus " }).assignedTo).toBe("Marcus");
  });
  it("applies the server's limits to the maintenance interval and dates", () => {
    expect(errorsOf(equipmentForm, { ...ok, maintenanceIntervalDays: "0" }).maintenanceIntervalDays).toBe("Maintenance interval must be at least 1");
    expect(errorsOf(equipmentForm, { ...ok, maintenanceIntervalDays: "4000" }).maintenanceIntervalDays).toBe("Maintenance interval must be at most 3650 days");
    expect(errorsOf(equipmentForm, { ...ok, nextMaintenance: "soon" }).nextMaintenance).toBe("Next maintenance must be a date (YYYY-MM-DD) or an ISO date-time");
  });
});

describe("request form (§5)", () => {
  it("needs a justification, with the spec's message", () => {
    expect(errorsOf(requestForm, { justification: "  " }).justification).toBe("Please provide justification for this request");
    expect(requestForm.parse({ justification: " Restock van 3 " })).toEqual({ justification: "Restock van 3" });
  });
});

describe("API token form (Settings)", () => {
  const form = apiTokenForm("2026-11-22");
  it("needs a name and an access level; an expiry, if any, after today", () => {
    expect(errorsOf(form, NEW_API_TOKEN)).toEqual({ name: "Name is required" });
    expect(errorsOf(form, { ...NEW_API_TOKEN, name: "x".repeat(101) }).name).toBe("Name must be at most 100 characters");
    expect(errorsOf(form, { ...NEW_API_TOKEN, name: "Sync", access: "ADMIN" }).access).toBe("Access must be one of: READ, WRITE");
    expect(errorsOf(form, { ...NEW_API_TOKEN, name: "Sync", expiresAt: "2026-11-22" }).expiresAt).toBe("Expiry must be in the future");
    expect(errorsOf(form, { ...NEW_API_TOKEN, name: "Sync", expiresAt: "next week" }).expiresAt).toBe("Expiry must be a date (YYYY-MM-DD)");
  });
  it("builds the mutation input: a blank expiry is none, and the server's schema takes it", () => {
    const out = form.parse({ name: " Sync ", access: "WRITE", expiresAt: "" });
    expect(out).toEqual({ name: "Sync", access: "WRITE", expiresAt: null });
    expect(createApiTokenInput.parse(out)).toEqual({ name: "Sync", access: "WRITE", expiresAt: null });
    expect(form.parse({ name: "Sync", access: "READ", expiresAt: "2026-12-01" }).expiresAt).toBe("2026-12-01");
  });
});

describe("webhook form (Settings)", () => {
  it("needs an http(s) URL without credentials and at least one known event", () => {
    expect(errorsOf(webhookForm, NEW_WEBHOOK)).toEqual({ url: "URL is required", events: "Choose at least one event" });
    const ok = { ...NEW_WEBHOOK, url: "https://example.com/hook", events: ["inventory.changed"] };
    expect(errorsOf(webhookForm, ok)).toEqual({});
    expect(errorsOf(webhookForm, { ...ok, url: "ftp://example.com" }).url).toBe("URL must be an http(s) URL without credentials");
    expect(errorsOf(webhookForm, { ...ok, url: "https://me:pw@example.com" }).url).toBe("URL must be an http(s) URL without credentials");
    expect(errorsOf(webhookForm, { ...ok, events: ["inventory.exploded"] }).events).toMatch(/^Events must be some of: /);
  });
  it("builds the create input the server's schema takes", () => {
    const out = webhookForm.parse({ url: " https://example.com/hook ", events: ["stock.transferred", "stock.transferred", "location.created"], active: true });
    expect(out).toEqual({ url: "https://example.com/hook", events: ["stock.transferred", "location.created"], active: true });
    expect(createWebhookInput.parse({ url: out.url, events: out.events })).toEqual({ url: out.url, events: out.events });
  });
});
