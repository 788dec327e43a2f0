import { Box, Grid, IconButton, InputAdornment, Tooltip, Typography } from "@mui/material";
import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useFragment, useLazyLoadQuery, useMutation } from "react-relay";
import type { InventoryItemFormCreateMutation } from "../../__generated__/InventoryItemFormCreateMutation.graphql.ts";
import type { InventoryItemFormQuery } from "../../__generated__/InventoryItemFormQuery.graphql.ts";
import type { InventoryItemFormPreferredSupplierMutation } from "../../__generated__/InventoryItemFormPreferredSupplierMutation.graphql.ts";
import type { InventoryItemFormUpdateMutation } from "../../__generated__/InventoryItemFormUpdateMutation.graphql.ts";
import type { InventoryItemForm_item$key } from "../../__generated__/InventoryItemForm_item.graphql.ts";
import { inventoryItemForm, inventoryItemFormValues, isProductCategory, type InventoryItemFormOutput } from "../../../../schemas/inventory.ts";
import { useWatch } from "react-hook-form";
import { BarcodeScannerDialog } from "../../components/BarcodeScannerDialog.tsx";
import { SdsUploader } from "../../components/SdsUploader.tsx";
import { useSession } from "../../platform/session.ts";
import { useToast } from "../../platform/toast.tsx";
import { StockByLocation } from "./StockByLocation.tsx";
import { OnOrderChip } from "./OnOrderChip.tsx";
import { PreferredSupplierField } from "./PreferredSupplierField.tsx";
import { EpaNumberField, LabelFactsFields } from "./LabelFactsFields.tsx";
import { connectionsForNewItem } from "./connections.ts";
import { FormMoney, FormNumber, FormSelect, FormSwitch, FormText } from "../../components/form/fields.tsx";
import { FormDialog } from "../../components/form/FormDialog.tsx";
import { FormMissing } from "../../components/form/FormLoading.tsx";
import type { FormSave } from "../../components/form/useFormSave.ts";
import { INVENTORY_CATEGORIES, UNITS } from "../../../../schemas/constants.ts";

type Props = { titleId: string; onDone(): void; itemId?: string };

/**
 * §5 inventory item form: add (no itemId) or edit. Rendered inside a Dialog by the Inventory page and
 * by the quick actions; it draws the dialog's title, content and actions.
 */
export default function InventoryItemForm({ titleId, onDone, itemId }: Props) {
  return itemId ? <EditItem titleId={titleId} onDone={onDone} itemId={itemId} /> : <ItemForm titleId={titleId} onDone={onDone} item={null} />;
}

function EditItem({ titleId, onDone, itemId }: Required<Props>) {
  const { t } = useLingui();
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
      <FormMissing titleId={titleId} title={t`Edit Inventory Item`} onClose={onDone}>
        <Trans>This item no longer exists.</Trans>
      </FormMissing>
    );
  }
  return <ItemForm titleId={titleId} onDone={onDone} item={item} />;
}

function ItemForm({ titleId, onDone, item: itemKey }: { titleId: string; onDone(): void; item: InventoryItemForm_item$key | null }) {
  const item = useFragment(
    graphql`
      fragment InventoryItemForm_item on InventoryItem {
        # What the list's row shows, so opening an item refreshes its row too.
        ...InventoryListItem_item @relay(mask: false)
        price
        reorderPoint
        reorderQuantity
        supplier
        barcode
        qrCode
        sdsFileUrl
        activeIngredient
        activeIngredients {
          name
          percent
        }
        formulation
        containerSize {
          unit
        }
        preferredSupplier {
          id
          name
        }
      }
    `,
    itemKey,
  );
  const [scanning, setScanning] = useState(false);
  const { isManager } = useSession();
  const { toast } = useToast();
  const { t } = useLingui();
  // Issue 16: the preferred supplier ("" for none) is saved on its own, once the item is.
  const initialPreferred = item?.preferredSupplier?.id ?? "";
  const [preferred, setPreferred] = useState(initialPreferred);

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
        ...useFormSave_error @alias(as: "error")
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
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);
  const [setPreferredSupplier, settingPreferred] = useMutation<InventoryItemFormPreferredSupplierMutation>(graphql`
    mutation InventoryItemFormPreferredSupplierMutation($input: SetItemPreferredSupplierInput!) {
      setItemPreferredSupplier(input: $input) {
        __typename
        ... on SetItemPreferredSupplierPayload {
          item {
            id
            ...InventoryListItem_item
            ...InventoryItemForm_item
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const saving = creating || updating || settingPreferred;

  /** After the item saved: its preferred supplier, when a manager changed it (the item is saved either way, so the dialog closes). */
  const savePreferred = (itemId: string | undefined) => {
    if (!isManager || !itemId || preferred === initialPreferred) return onDone();
    const failed = (message?: string) => {
      toast({ title: t`Error`, description: message || t`Failed to set the preferred supplier`, variant: "destructive" });
      onDone();
    };
    setPreferredSupplier({
      variables: { input: { itemId, supplierId: preferred || null } },
      onCompleted: ({ setItemPreferredSupplier: r }) => (r.__typename === "SetItemPreferredSupplierPayload" ? onDone() : failed("message" in r ? r.message : undefined)),
      onError: (e) => failed(e.message),
    });
  };

  // Optional numbers left blank are left out: the server keeps its default (or the stored value).
  const submit = (input: InventoryItemFormOutput, save: FormSave) => {
    if (item) {
      update({
        variables: { input: { id: item.id, ...input } },
        onCompleted: (d) => save.completed(d.updateInventoryItem, "UpdateInventoryItemPayload", t`Item updated successfully`, () => savePreferred(item.id)),
        onError: save.failed,
      });
    } else {
      create({
        variables: { input, connections: connectionsForNewItem(input) },
        onCompleted: (d) => {
          const r = d.createInventoryItem;
          save.completed(r, "CreateInventoryItemPayload", t`Item added successfully`, () => savePreferred(r.__typename === "CreateInventoryItemPayload" ? r.item?.id : undefined));
        },
        onError: save.failed,
      });
    }
  };

  return (
    <FormDialog
      titleId={titleId}
      title={item ? t`Edit Inventory Item` : t`Add New Inventory Item`}
      schema={inventoryItemForm}
      defaultValues={inventoryItemFormValues(item ?? null)}
      failure={t`Failed to save item`}
      placeFor={(field, values) => (field === "containerSize" ? "containerSize.amount" : field.startsWith("activeIngredients.") ? (field as "activeIngredients") : field in values ? (field as keyof typeof values) : null)}
      submitLabel={item ? t`Update Item` : t`Add Item`}
      busy={saving}
      onCancel={onDone}
      onSubmit={submit}
    >
      {(form) => {
        const { control, setValue, formState } = form;
        return (
          <Grid container spacing={2}>
            <Grid size={12}>
              <FormText control={control} name="name" label={t`Name`} required autoFocus={!item} />
            </Grid>
            <Grid size={12}>
              <FormText control={control} name="description" label={t`Description`} multiline minRows={2} />
            </Grid>
            <Grid size={6}>
              <FormSelect control={control} name="category" label={t`Category`} required options={INVENTORY_CATEGORIES} />
            </Grid>
            <Grid size={6}>
              <FormSelect control={control} name="unit" label={t`Unit`} required options={UNITS} />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <FormNumber control={control} name="quantity" label={t`Quantity`} required min={0} />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <FormNumber control={control} name="minQuantity" label={t`Minimum Quantity`} required min={0} />
            </Grid>
            {item && (
              <Grid size={12} component="section" aria-labelledby="item-stock-by-location">
                <Typography id="item-stock-by-location" component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
                  <Trans>Stock by location</Trans>
                </Typography>
                <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 0.5 }}>
                  <Trans>Quantity is the total over all locations; changing it here changes the main warehouse.</Trans>
                </Typography>
                <StockByLocation item={item} variant="detail" />
                {item.onOrder > 0 && (
                  <Box sx={{ mt: 1 }}>
                    <OnOrderChip onOrder={item.onOrder} unit={item.unit} />
                  </Box>
                )}
              </Grid>
            )}
            <Grid size={{ xs: 6 }}>
              <FormNumber control={control} name="reorderPoint" label={t`Reorder Point`} min={0} />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <FormNumber control={control} name="reorderQuantity" label={t`Reorder Quantity`} min={1} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormMoney control={control} name="price" label={t`Price`} />
            </Grid>
            {isManager && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <PreferredSupplierField value={preferred} onChange={setPreferred} current={item?.preferredSupplier} disabled={saving} />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormText
                control={control}
                name="supplier"
                label={t`Supplier`}
                helperText={isManager && preferred ? t`Becomes the preferred supplier's name when saved` : undefined}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormText control={control} name="location" label={t`Location`} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormText
                control={control}
                name="barcode"
                label={t`Barcode`}
                slotProps={{
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <Tooltip title={t`Scan with camera`}>
                          <IconButton edge="end" aria-label={t`Scan with camera`} onClick={() => setScanning(true)}>
                            <QrCodeScannerIcon />
                          </IconButton>
                        </Tooltip>
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormText control={control} name="qrCode" label={t`QR Code`} />
            </Grid>
            <ProductFields form={form} stockText={item?.containerSize ? item.stockText : null} />
            <Grid size={{ xs: 12, sm: 6 }} sx={{ display: "flex", flexDirection: "column", justifyContent: "center" }}>
              <FormSwitch control={control} name="hazardous" label={t`Hazardous material`} helperText={t`Needs special handling and storage`} />
            </Grid>
            <Grid size={12}>
              <SdsUploader itemId={item?.id ?? null} sdsFileUrl={item?.sdsFileUrl} />
            </Grid>
            <BarcodeScannerDialog open={scanning} onClose={() => setScanning(false)} onUse={(code) => setValue("barcode", code, { shouldDirty: true, shouldValidate: formState.isSubmitted })} />
          </Grid>
        );
      }}
    </FormDialog>
  );
}

type ItemFormApi = Parameters<typeof LabelFactsFields>[0]["form"];

/** A product (Pesticide, Chemicals, Bait) shows its label facts; any other item the EPA number and the one-line active ingredient, as before. */
function ProductFields({ form, stockText }: { form: ItemFormApi; stockText: string | null }) {
  const category = useWatch({ control: form.control, name: "category" });
  const { t } = useLingui();
  if (isProductCategory(category)) return <LabelFactsFields form={form} stockText={stockText} />;
  const { control } = form;
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <EpaNumberField control={control} helperText={t`For pesticides: the EPA Reg. No. on the label`} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormText control={control} name="activeIngredient" label={t`Active Ingredient`} placeholder={t`e.g. Fipronil 9.1%`} />
      </Grid>
    </>
  );
}
