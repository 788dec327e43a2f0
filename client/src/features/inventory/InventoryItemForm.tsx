// Placeholder until the form lands.
export default function InventoryItemForm(_props: { titleId: string; onDone(): void; prefill?: { itemId: string; quantity: number } }) {
  return null;
}
