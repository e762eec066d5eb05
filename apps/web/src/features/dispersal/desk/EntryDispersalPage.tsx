/** Replaced by the page itself. */
export default function EntryDispersalPage() {
  return null;
}
