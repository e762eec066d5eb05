/** Placeholder until the page is built. */
export default function TermPage() {
  return null;
}
