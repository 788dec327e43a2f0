import { zodResolver } from "@hookform/resolvers/zod";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import {
  Autocomplete, Box, Button, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Tooltip, Typography,
} from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import type { DraftEditorQuery } from "../../__generated__/DraftEditorQuery.graphql.ts";
import type { DraftEditorUpdateMutation } from "../../__generated__/DraftEditorUpdateMutation.graphql.ts";
// The form kit first: it tells zod not to compile parsers with eval, which the CSP refuses.
import { FormDate, FormMoney, FormNumber, FormSelect, FormText } from "../../components/form/fields.tsx";
import { useFormSave } from "../../components/form/useFormSave.ts";
import { type FoundItem, useItemSearch } from "../inventory/index.ts";
import { centsToDollars } from "../../../../schemas/form.ts";
import { purchaseOrderForm, type PurchaseOrderFormOutput, type PurchaseOrderFormValues } from "../../../../schemas/purchasing.ts";
import { FormActions } from "../../components/form/FormActions.tsx";

type Props = {
  titleId: string;
  /** The draft's GraphQL id. */
  orderId: string;
  onDone(saved: boolean): void;
};

/** Where a server error about `field` shows: `lines.2.unitCostCents` on that line's unit cost, and so on. */
function placeFor(field: string) {
  const line = /^lines\.(\d+)\.(itemId|quantity|unitCostCents)$/.exec(field);
  if (line) return `lines.${Number(line[1])}.${line[2] === "unitCostCents" ? "unitCost" : line[2] === "itemId" ? "itemName" : "quantity"}` as const;
  if (field === "supplierId" || field === "expectedDate" || field === "notes") return field;
  return null;
}

/**
 * A draft purchase order's editor: supplier, expected date, notes and lines (items found by search,
 * quantity and unit cost, removable). Saving sends everything with updatePurchaseOrder; the lines
 * sent replace the draft's lines.
 */
export default function DraftEditor({ titleId, orderId, onDone }: Props) {
  const { t } = useLingui();
  const data = useLazyLoadQuery<DraftEditorQuery>(
    graphql`
      query DraftEditorQuery($id: ID!) {
        order: node(id: $id) {
          ... on PurchaseOrder {
            id
            number
            status
            expectedDate
            notes
            supplier {
              id
            }
            lines {
              itemName
              quantityOrdered
              unitCostCents
              item {
                id
                unit
              }
            }
          }
        }
        suppliers(first: 100) {
          edges {
            node {
              id
              name
            }
          }
        }
      }
    `,
    { id: orderId },
    { fetchPolicy: "network-only" },
  );
  const order = data.order;
  const suppliers = [{ value: "", label: t`No supplier yet` }, ...data.suppliers.edges.map(({ node: s }) => ({ value: s.id, label: s.name }))];

  const form = useForm<PurchaseOrderFormValues, unknown, PurchaseOrderFormOutput>({
    resolver: zodResolver(purchaseOrderForm),
    defaultValues: {
      supplierId: order?.supplier?.id ?? "",
      expectedDate: order?.expectedDate ? order.expectedDate.slice(0, 10) : "",
      notes: order?.notes ?? "",
      // A line whose item was deleted cannot be ordered again: it is left out.
      lines: (order?.lines ?? []).flatMap((l) =>
        l.item ? [{ itemId: l.item.id, itemName: l.itemName, unit: l.item.unit, quantity: String(l.quantityOrdered), unitCost: centsToDollars(l.unitCostCents) }] : [],
      ),
    },
  });
  const { control } = form;
  const lines = useFieldArray({ control, name: "lines" });
  const [lineError, setLineError] = useState<string | null>(null);
  const save = useFormSave(form, { failure: t`Failed to save order`, placeFor, onUnplaced: setLineError });

  const [text, setText] = useState("");
  const search = useItemSearch(text);
  const current = useWatch({ control, name: "lines" });
  const onOrder = new Set(current.map((l) => l.itemId));
  const addItem = (item: FoundItem | null) => {
    if (!item) return;
    setLineError(null);
    if (onOrder.has(item.id)) {
      setLineError(t`${item.name} is already on this order`);
      return;
    }
    lines.append({ itemId: item.id, itemName: item.name, unit: item.unit, quantity: "1", unitCost: centsToDollars(item.price ?? 0) });
    setText("");
  };

  const [update, saving] = useMutation<DraftEditorUpdateMutation>(graphql`
    mutation DraftEditorUpdateMutation($input: UpdatePurchaseOrderInput!) {
      updatePurchaseOrder(input: $input) {
        __typename
        ... on UpdatePurchaseOrderPayload {
          purchaseOrder {
            id
            notes
            ...PurchasingPage_order
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);

  const submit = form.handleSubmit((v) => {
    setLineError(null);
    update({
      variables: {
        input: {
          id: orderId,
          supplierId: v.supplierId || null,
          expectedDate: v.expectedDate,
          notes: v.notes ?? null,
          lines: v.lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity, unitCostCents: l.unitCost })),
        },
      },
      onCompleted: (d) => save.completed(d.updatePurchaseOrder, "UpdatePurchaseOrderPayload", t`Order saved`, () => onDone(true)),
      onError: save.failed,
    });
  });

  if (!order?.id || order.status !== "DRAFT") {
    return (
      <>
        <DialogTitle id={titleId}>
          <Trans>Edit order</Trans>
        </DialogTitle>
        <DialogContent dividers>
          <Typography>{order?.number ? t`${order.number} is no longer a draft: it cannot be changed.` : t`This order was not found.`}</Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={() => onDone(false)}>
            <Trans>Close</Trans>
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <form noValidate onSubmit={submit} style={{ display: "contents" }}>
      <DialogTitle id={titleId}>
        <Trans>Edit {order.number}</Trans>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <FormSelect
            control={control}
            name="supplierId"
            label={t`Supplier`}
            options={suppliers}
            helperText={t`An order needs a supplier before it is placed`}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          />
          <FormDate control={control} name="expectedDate" label={t`Expected date`} />
          <FormText control={control} name="notes" label={t`Notes`} multiline minRows={2} />
          <Typography variant="subtitle2" component="h3">
            <Trans>Lines</Trans>
          </Typography>
          {lines.fields.length === 0 && (
            <Typography color="textSecondary">
              <Trans>No lines yet: add an item below.</Trans>
            </Typography>
          )}
          <Stack component="ul" aria-label={t`Order lines`} spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
            {lines.fields.map((f, i) => (
              <Box
                component="li"
                key={f.id}
                aria-label={f.itemName}
                sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr auto", sm: "2fr 1fr 1fr auto" }, gap: 1, alignItems: "start" }}
              >
                <Box sx={{ gridColumn: { xs: "1 / -1", sm: "auto" }, pt: { sm: 1 } }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{f.itemName}</Typography>
                  <FieldError form={form} index={i} />
                </Box>
                <FormNumber control={control} name={`lines.${i}.quantity`} label={t`Quantity (${f.unit})`} size="small" min={1} />
                <FormMoney control={control} name={`lines.${i}.unitCost`} label={t`Unit cost`} size="small" />
                <Tooltip title={t`Remove line`}>
                  <IconButton aria-label={t`Remove ${f.itemName}`} onClick={() => lines.remove(i)} sx={{ mt: 0.25 }}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </Box>
            ))}
          </Stack>
          <Autocomplete
            options={search.options}
            filterOptions={(o) => o}
            loading={search.loading}
            loadingText={t`Loading...`}
            value={null}
            inputValue={text}
            onInputChange={(_e, v, reason) => {
              if (reason !== "reset") setText(v);
            }}
            onChange={(_e, v) => addItem(v)}
            getOptionLabel={(o) => o.name}
            getOptionDisabled={(o) => onOrder.has(o.id)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label={t`Add an item`} placeholder={t`Search inventory`} />}
          />
          {lineError && (
            <Typography color="error" role="alert">
              {lineError}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <FormActions submitLabel={t`Save`} busy={saving} onCancel={() => onDone(false)} />
    </form>
  );
}

/** The error about a line's item (the server's, or two lines of one item). */
function FieldError({ form, index }: { form: ReturnType<typeof useForm<PurchaseOrderFormValues, unknown, PurchaseOrderFormOutput>>; index: number }) {
  const error = form.formState.errors.lines?.[index];
  const message = error?.itemId?.message ?? error?.itemName?.message;
  return message ? (
    <Typography variant="caption" color="error" role="alert">
      {message}
    </Typography>
  ) : null;
}
