/** Placeholder until the page is built. */
export default function UnitsPage() {
  return null;
}
