/** Replaced by the page itself. */
export default function BookWisePage() {
  return null;
}
