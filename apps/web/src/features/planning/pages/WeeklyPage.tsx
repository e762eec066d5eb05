/** Placeholder until the page is built. */
export default function WeeklyPage() {
  return null;
}
