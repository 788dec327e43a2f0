import { MenuItem, TextField } from "@mui/material";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import type { PreferredSupplierFieldQuery } from "../../__generated__/PreferredSupplierFieldQuery.graphql.ts";

/** How many suppliers the pick offers (the current one is always among them). */
const SUPPLIER_CHOICES = 200;
const LABEL = msg`Preferred supplier`;
const HELP = msg`Draft orders from suggestions order this item from it; its name becomes the item's supplier`;

const suppliersQuery = graphql`
  query PreferredSupplierFieldQuery($first: Int!) {
    suppliers(first: $first) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`;

type Props = {
  /** A supplier's id, or "" for none. */
  value: string;
  onChange(id: string): void;
  /** The item's preferred supplier now, shown even before the list has loaded. */
  current: { id: string; name: string } | null | undefined;
  disabled?: boolean;
};

type Supplier = { id: string; name: string };

/**
 * Issue 16 (managers): which supplier an item is ordered from; "None" clears it. The list loads
 * into the select in place (not behind Suspense), so a menu opened before it arrived stays open
 * and fills in.
 */
export function PreferredSupplierField(props: Props) {
  const environment = useRelayEnvironment();
  const [suppliers, setSuppliers] = useState<readonly Supplier[] | null>(null);
  useEffect(() => {
    const subscription = fetchQuery<PreferredSupplierFieldQuery>(environment, suppliersQuery, { first: SUPPLIER_CHOICES }, { fetchPolicy: "network-only" }).subscribe({
      next: (data) => setSuppliers(data.suppliers.edges.flatMap((e) => (e?.node ? [e.node] : []))),
      error: () => setSuppliers((known) => known ?? []),
    });
    return () => subscription.unsubscribe();
  }, [environment]);
  return <SupplierSelect {...props} suppliers={suppliers ?? []} loading={suppliers === null} />;
}

function SupplierSelect({ value, onChange, current, disabled, suppliers, loading }: Props & { suppliers: readonly { id: string; name: string }[]; loading?: boolean }) {
  const { t, i18n } = useLingui();
  const options = current && !suppliers.some((s) => s.id === current.id) ? [current, ...suppliers] : suppliers;
  return (
    <TextField
      select
      fullWidth
      label={i18n._(LABEL)}
      value={options.some((s) => s.id === value) ? value : ""}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      helperText={loading ? t`Loading suppliers...` : i18n._(HELP)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        <em>
          <Trans>None</Trans>
        </em>
      </MenuItem>
      {options.map((s) => (
        <MenuItem key={s.id} value={s.id}>
          {s.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
