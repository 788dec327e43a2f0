// Placeholder until the screen lands.
export default function InventoryPage() {
  return null;
}
