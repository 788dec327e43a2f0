// Placeholder until the screen lands.
export default function EquipmentPage() {
  return null;
}
