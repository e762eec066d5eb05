import { UnitList } from '../components/UnitList';

/** /planning/project-planning: the class's projects (emergent inquiries planned like units). */
export default function ProjectsPage() {
  return <UnitList kind="project" />;
}
