/** Replaced by the page itself. */
export default function SetupPage() {
  return null;
}
