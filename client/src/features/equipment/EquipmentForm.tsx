// Placeholder until the form lands.
export default function EquipmentForm(_props: { titleId: string; onDone(): void; prefill?: { itemId: string; quantity: number } }) {
  return null;
}
