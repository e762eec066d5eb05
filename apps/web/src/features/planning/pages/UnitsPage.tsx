import { UnitList } from '../components/UnitList';

/** /planning/unit-planning: the class's units. */
export default function UnitsPage() {
  return <UnitList kind="unit" />;
}
