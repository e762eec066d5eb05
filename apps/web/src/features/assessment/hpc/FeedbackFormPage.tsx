/** Replaced by the page itself. */
export default function FeedbackFormPage() {
  return null;
}
