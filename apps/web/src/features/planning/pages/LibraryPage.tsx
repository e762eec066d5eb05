/** Placeholder until the page is built. */
export default function LibraryPage() {
  return null;
}
