/** A child's library on their record: what is out and when it is due. Replaced by the card itself. */
export function ChildLibraryCard(_props: { studentId: string }) {
  return null;
}
