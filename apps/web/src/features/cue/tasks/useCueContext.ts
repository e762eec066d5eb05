import { fullName } from '../../../lib/format';
import { getSession, tokenFor } from '../../../lib/session';
import { useCurrentClass } from '../../shell/Selectors';
import { useShell } from '../../shell/ShellContext';

/** Who is asking Cue and about which class: what every task event and chat message carries. */
export interface CueContext {
  classId: string | null;
  className: string | null;
  ageGroup: string | null;
  userId: string | null;
  userName: string;
}

export function useCueContext(): CueContext {
  const { user } = useShell();
  const { current } = useCurrentClass();
  const staff = user.staff;
  return {
    classId: current?.id ?? null,
    className: current?.class_name ?? null,
    ageGroup: current?.age_range ?? null,
    userId: staff?.id ?? null,
    userName: staff ? fullName(staff) : '',
  };
}

/** The staff access token as stored now (task events carry it in user_details). */
export const staffToken = (): string | null => tokenFor(getSession(), 'staff');
