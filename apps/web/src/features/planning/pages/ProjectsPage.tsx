import { withReaderDates } from '../../../components/ReaderDates';
import { UnitList } from '../components/UnitList';

/** /planning/project-planning: the class's projects (emergent inquiries planned like units). */
function ProjectsPageBody() {
  return <UnitList kind="project" />;
}

/** The page, its date pickers in the reader's language. */
export default withReaderDates(ProjectsPageBody);
