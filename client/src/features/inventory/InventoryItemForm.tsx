import {
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Grid,
  IconButton,
  InputAdornment,
  MenuItem,
  Switch,
  TextField,
  Tooltip,
  type TextFieldProps,
} from "@mui/material";
import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import { useId, useState, type FormEvent } from "react";
import { graphql, useFragment, useLazyLoadQuery, useMutation } from "react-relay";
import type { InventoryItemFormCreateMutation } from "../../__generated__/InventoryItemFormCreateMutation.graphql.ts";
import type { InventoryItemFormQuery } from "../../__generated__/InventoryItemFormQuery.graphql.ts";
import type { InventoryItemFormUpdateMutation } from "../../__generated__/InventoryItemFormUpdateMutation.graphql.ts";
import type { InventoryItemForm_item$data, InventoryItemForm_item$key } from "../../__generated__/InventoryItemForm_item.graphql.ts";
import { useToast } from "../../app/toast.tsx";
import { BarcodeScannerDialog } from "../../components/BarcodeScannerDialog.tsx";
import { SdsUploader } from "../../components/SdsUploader.tsx";
import { connectionsForNewItem } from "./connections.ts";
import { INVENTORY_CATEGORIES, UNITS } from "./constants.ts";
import { centsToPrice, EMPTY_ITEM, toInput, validateItem, type FieldErrors, type ItemField, type ItemFormValues } from "./formRules.ts";

type Props = { titleId: string; onDone(): void; itemId?: string };

/**
 * §5 inventory item form: add (no itemId) or edit. Rendered inside a Dialog by the Inventory page and
 * by the quick actions; it draws the dialog's title, content and actions.
 */
export default function InventoryItemForm({ titleId, onDone, itemId }: Props) {
  return itemId ? <EditItem titleId={titleId} onDone={onDone} itemId={itemId} /> : <ItemForm titleId={titleId} onDone={onDone} item={null} />;
}

function EditItem({ titleId, onDone, itemId }: Required<Props>) {
  const data = useLazyLoadQuery<InventoryItemFormQuery>(
    graphql`
      query InventoryItemFormQuery($id: ID!) {
        node(id: $id) {
          ...InventoryItemForm_item @alias
        }
      }
    `,
    { id: itemId },
    { fetchPolicy: "store-or-network" },
  );
  const item = data.node?.InventoryItemForm_item;
  if (!item) {
    return (
      <>
        <DialogTitle id={titleId}>Edit Inventory Item</DialogTitle>
        <DialogContent>This item no longer exists.</DialogContent>
        <DialogActions>
          <Button onClick={onDone}>Close</Button>
        </DialogActions>
      </>
    );
  }
  return <ItemForm titleId={titleId} onDone={onDone} item={item} />;
}

const FIELD_NAMES: ReadonlySet<string> = new Set<ItemField>([
  "name", "description", "category", "quantity", "minQuantity", "unit", "price", "reorderPoint", "reorderQuantity", "supplier", "location", "barcode", "qrCode",
  "epaRegistrationNumber", "activeIngredient",
]);

function valuesOf(item: InventoryItemForm_item$data): ItemFormValues {
  return {
    name: item.name,
    description: item.description ?? "",
    category: item.category,
    quantity: String(item.quantity),
    minQuantity: String(item.minQuantity),
    unit: item.unit,
    price: centsToPrice(item.price),
    reorderPoint: String(item.reorderPoint),
    reorderQuantity: String(item.reorderQuantity),
    supplier: item.supplier ?? "",
    location: item.location ?? "",
    barcode: item.barcode ?? "",
    qrCode: item.qrCode ?? "",
    epaRegistrationNumber: item.epaRegistrationNumber ?? "",
    activeIngredient: item.activeIngredient ?? "",
    hazardous: item.hazardous,
  };
}

type SaveResult = { readonly __typename: string; readonly message?: string; readonly field?: string | null } | null | undefined;

function ItemForm({ titleId, onDone, item: itemKey }: { titleId: string; onDone(): void; item: InventoryItemForm_item$key | null }) {
  const { toast } = useToast();
  const idPrefix = useId();
  const item = useFragment(
    graphql`
      fragment InventoryItemForm_item on InventoryItem {
        id
        name
        description
        category
        quantity
        minQuantity
        unit
        price
        reorderPoint
        reorderQuantity
        supplier
        location
        barcode
        qrCode
        hazardous
        sdsFileUrl
        epaRegistrationNumber
        activeIngredient
      }
    `,
    itemKey,
  );
  const [values, setValues] = useState<ItemFormValues>(() => (item ? valuesOf(item) : EMPTY_ITEM));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [scanning, setScanning] = useState(false);

  const [create, creating] = useMutation<InventoryItemFormCreateMutation>(graphql`
    mutation InventoryItemFormCreateMutation($input: CreateInventoryItemInput!, $connections: [ID!]!) {
      createInventoryItem(input: $input) {
        __typename
        ... on CreateInventoryItemPayload {
          item @prependNode(connections: $connections, edgeTypeName: "QueryInventoryItemsConnectionEdge") {
            id
            urgency
            ...InventoryListItem_item
            ...InventoryItemForm_item
          }
        }
        ... on ValidationError {
          field
        }
        ... on ConflictError {
          field
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [update, updating] = useMutation<InventoryItemFormUpdateMutation>(graphql`
    mutation InventoryItemFormUpdateMutation($input: UpdateInventoryItemInput!) {
      updateInventoryItem(input: $input) {
        __typename
        ... on UpdateInventoryItemPayload {
          item {
            id
            urgency
            updatedAt
            ...InventoryListItem_item
            ...InventoryItemForm_item
          }
        }
        ... on ValidationError {
          field
        }
        ... on ConflictError {
          field
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const saving = creating || updating;

  const fieldId = (f: ItemField) => `${idPrefix}-${f}`;
  const set = (f: keyof ItemFormValues, v: string | boolean) => {
    setValues((prev) => ({ ...prev, [f]: v }));
    if (f in errors) setErrors(({ [f as ItemField]: _gone, ...rest }) => rest);
  };

  function finish(result: SaveResult, success: string, payloadType: string) {
    if (result?.__typename === payloadType) {
      toast({ title: success, variant: "success" });
      onDone();
      return;
    }
    const message = result?.message ?? "Failed to save item";
    const field = result?.field;
    if (field && FIELD_NAMES.has(field)) {
      setErrors((prev) => ({ ...prev, [field]: message }));
      document.getElementById(fieldId(field as ItemField))?.focus();
    }
    toast({ title: "Error", description: message, variant: "destructive" });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const problems = validateItem(values);
    setErrors(problems);
    const first = Object.keys(problems)[0] as ItemField | undefined;
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    const input = toInput(values);
    const failed = (err: Error) => toast({ title: "Error", description: err.message || "Failed to save item", variant: "destructive" });
    if (item) {
      update({
        variables: { input: { id: item.id, ...input } },
        onCompleted: (d) => finish(d.updateInventoryItem, "Item updated successfully", "UpdateInventoryItemPayload"),
        onError: failed,
      });
    } else {
      create({
        variables: { input, connections: connectionsForNewItem(input) },
        onCompleted: (d) => finish(d.createInventoryItem, "Item added successfully", "CreateInventoryItemPayload"),
        onError: failed,
      });
    }
  }

  // Each text input: visible label, its error (client rule or server ValidationError) under it.
  const field = (f: ItemField, label: string, props: TextFieldProps = {}) => (
    <TextField
      id={fieldId(f)}
      label={label}
      value={values[f]}
      onChange={(e) => set(f, e.target.value)}
      error={Boolean(errors[f])}
      helperText={errors[f] ?? props.helperText}
      fullWidth
      {...props}
    />
  );
  const number = (min: number, step: number | string = 1) => ({ htmlInput: { min, step, inputMode: step === 1 ? ("numeric" as const) : ("decimal" as const) } });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: "contents" }} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{item ? "Edit Inventory Item" : "Add New Inventory Item"}</DialogTitle>
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Grid size={12}>{field("name", "Name", { required: true, autoFocus: !item })}</Grid>
          <Grid size={12}>{field("description", "Description", { multiline: true, minRows: 2 })}</Grid>
          <Grid size={6}>
            {field("category", "Category", {
              select: true,
              required: true,
              children: INVENTORY_CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              )),
            })}
          </Grid>
          <Grid size={6}>
            {field("unit", "Unit", {
              select: true,
              required: true,
              children: UNITS.map((u) => (
                <MenuItem key={u} value={u}>
                  {u}
                </MenuItem>
              )),
            })}
          </Grid>
          <Grid size={{ xs: 6 }}>{field("quantity", "Quantity", { type: "number", required: true, slotProps: number(0) })}</Grid>
          <Grid size={{ xs: 6 }}>{field("minQuantity", "Minimum Quantity", { type: "number", required: true, slotProps: number(0) })}</Grid>
          <Grid size={{ xs: 6 }}>{field("reorderPoint", "Reorder Point", { type: "number", slotProps: number(0) })}</Grid>
          <Grid size={{ xs: 6 }}>{field("reorderQuantity", "Reorder Quantity", { type: "number", slotProps: number(1) })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field("price", "Price", {
              type: "number",
              slotProps: { ...number(0, "0.01"), input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } },
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field("supplier", "Supplier")}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field("location", "Location")}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field("barcode", "Barcode", {
              slotProps: {
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title="Scan with camera">
                        <IconButton edge="end" aria-label="Scan with camera" onClick={() => setScanning(true)}>
                          <QrCodeScannerIcon />
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ),
                },
              },
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field("qrCode", "QR Code")}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field("epaRegistrationNumber", "EPA Registration Number", { placeholder: "e.g. 432-1012", helperText: "For pesticides: the EPA Reg. No. on the label" })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field("activeIngredient", "Active Ingredient", { placeholder: "e.g. Fipronil 9.1%" })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }} sx={{ display: "flex", flexDirection: "column", justifyContent: "center" }}>
            <FormControlLabel
              control={<Switch checked={values.hazardous} onChange={(e) => set("hazardous", e.target.checked)} />}
              label="Hazardous material"
            />
            <FormHelperText sx={{ mt: 0, ml: 0 }}>Needs special handling and storage</FormHelperText>
          </Grid>
          <Grid size={12}>
            <SdsUploader itemId={item?.id ?? null} sdsFileUrl={item?.sdsFileUrl} />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? "Saving..." : item ? "Update Item" : "Add Item"}
        </Button>
      </DialogActions>
      <BarcodeScannerDialog open={scanning} onClose={() => setScanning(false)} onUse={(code) => set("barcode", code)} />
    </Box>
  );
}
