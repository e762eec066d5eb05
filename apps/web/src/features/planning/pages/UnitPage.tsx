/** Placeholder until the page is built. */
export default function UnitPage() {
  return null;
}
