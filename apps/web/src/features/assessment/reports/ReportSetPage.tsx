/** Replaced by the page itself. */
export default function ReportSetPage() {
  return null;
}
