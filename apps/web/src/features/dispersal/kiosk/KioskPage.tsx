/** Replaced by the page itself. */
export default function KioskPage() {
  return null;
}
