/** Replaced by the page itself. */
export default function ReportCardsPage() {
  return null;
}
