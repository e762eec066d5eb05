/** Replaced by the page itself. */
export default function StudentRecordPage() {
  return null;
}
