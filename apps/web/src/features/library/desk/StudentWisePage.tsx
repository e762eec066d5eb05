/** Replaced by the page itself. */
export default function StudentWisePage() {
  return null;
}
