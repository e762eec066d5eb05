/** Replaced by the page itself. */
export default function HpcStudentListPage() {
  return null;
}
