/** Replaced by the page itself. */
export default function GradebookPage() {
  return null;
}
