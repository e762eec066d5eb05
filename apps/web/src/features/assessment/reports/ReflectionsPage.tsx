/** Replaced by the page itself. */
export default function ReflectionsPage() {
  return null;
}
