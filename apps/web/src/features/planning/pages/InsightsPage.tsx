/** Placeholder until the page is built. */
export default function InsightsPage() {
  return null;
}
