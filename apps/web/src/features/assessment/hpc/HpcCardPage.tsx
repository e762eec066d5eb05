/** Replaced by the page itself. */
export default function HpcCardPage() {
  return null;
}
