import { pagePath } from '@cue/contract';
import { useNavigate } from 'react-router';
import { formatClassName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { useCurrentClass } from '../../shell/Selectors';

/**
 * The classes a new unit may be for, as choices: the top bar's list of the current school (the staff
 * member's classes, or every class for class managers).
 */
export function useClassChoices(): { value: string; label: string }[] {
  const { schools } = useCurrentClass();
  const classes = schools.data?.find((s) => s.current)?.classes ?? [];
  return classes.map((c) => ({ value: c.id, label: formatClassName(c.class_name).full }));
}

/** Once a unit is made (new, or copied from the library): `message` said, the dialog closed, its planner opened. */
export function useOpenMadeUnit(onClose: () => void) {
  const navigate = useNavigate();
  return (message: string) => (answer: unknown) => {
    const created = (answer as { result: { _id: string } }).result;
    toast.success(message);
    onClose();
    navigate(pagePath.unit(created._id));
  };
}
