import { withReaderDates } from '../../../components/ReaderDates';
import { UnitList } from '../components/UnitList';

/** /planning/unit-planning: the class's units. */
function UnitsPageBody() {
  return <UnitList kind="unit" />;
}

/** The page, its date pickers in the reader's language. */
export default withReaderDates(UnitsPageBody);
