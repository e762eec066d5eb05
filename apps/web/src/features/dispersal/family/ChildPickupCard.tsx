/** A child's drop-off and pick-up on their record. Replaced by the card itself. */
export function ChildPickupCard(_props: { studentId: string }) {
  return null;
}
