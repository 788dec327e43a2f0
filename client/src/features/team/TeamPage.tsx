// Placeholder until the screen lands.
export default function TeamPage() {
  return null;
}
