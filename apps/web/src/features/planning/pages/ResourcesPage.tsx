/** Placeholder until the page is built. */
export default function ResourcesPage() {
  return null;
}
