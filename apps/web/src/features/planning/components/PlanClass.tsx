import { Alert } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressParam } from '../../../lib/addressParam';
import { setCurrentClassId } from '../../shell/currentClass';
import { useCurrentClass } from '../../shell/Selectors';
import { PLANNING_NS } from '../i18n';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The class a planning page shows: the address's `?class_id=` (a link from a unit or from Cue), taken
 * into the top bar's choice, else the top bar's class. Choosing another class in the top bar drops the
 * address's, so the page follows the top bar from then on.
 */
export function usePlanClass(): { classId: string | null; name: string | null; loading: boolean } {
  const [asked, setAsked] = useAddressParam('class_id');
  const { current, schools } = useCurrentClass();
  const classes = schools.data?.find((s) => s.current)?.classes ?? [];
  const wanted = asked && ID.test(asked) ? asked : null;
  const known = wanted ? classes.some((c) => c.id === wanted) : false;
  // Only when the address names another class: the top bar's own changes are handled below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: adopting the address's class once per change of it
  useEffect(() => {
    if (wanted && known && current?.id !== wanted) setCurrentClassId(wanted);
  }, [wanted, known]);
  const previous = useRef<string | null | undefined>(undefined);
  const currentId = current?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacting to the top bar's choice only
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== currentId && wanted && currentId !== wanted) setAsked(null);
    previous.current = currentId;
  }, [currentId]);
  const classId = wanted ?? currentId;
  const name = classes.find((c) => c.id === classId)?.class_name ?? null;
  return { classId, name, loading: schools.isPending };
}

/** No class chosen (a member of staff with no class): what to do next. */
export function NoClass() {
  const { t } = useTranslation(PLANNING_NS);
  return (
    <Alert color="gray" variant="light" title={t('weekly.noClassTitle')} data-testid="planning-no-class">
      {t('weekly.noClass')}
    </Alert>
  );
}
