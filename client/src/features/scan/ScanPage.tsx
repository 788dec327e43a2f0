// Placeholder until the screen lands.
export default function ScanPage() {
  return null;
}
