/** Replaced by the page itself. */
export default function ItemPage() {
  return null;
}
