/** Replaced by the page itself. */
export default function LibraryManagementPage() {
  return null;
}
