/** Replaced by the page itself. */
export default function HpcProgressPage() {
  return null;
}
