/** Replaced by the page itself. */
export default function HpcSummaryPage() {
  return null;
}
