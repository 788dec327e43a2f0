// Placeholder until the screen lands.
export default function RequestsPage() {
  return null;
}
