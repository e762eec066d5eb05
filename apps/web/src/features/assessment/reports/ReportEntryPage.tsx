/** Replaced by the page itself. */
export default function ReportEntryPage() {
  return null;
}
