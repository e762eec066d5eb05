/** Replaced by the page itself. */
export default function FeedbackPage() {
  return null;
}
