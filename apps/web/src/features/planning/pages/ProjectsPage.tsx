/** Placeholder until the page is built. */
export default function ProjectsPage() {
  return null;
}
