import { type CoverDay, can } from '@cue/contract';
import { Alert, Text } from '@mantine/core';
import { IconUserExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useClassCover } from '../../leave/api';
import { useShell } from '../../shell/ShellContext';
import { toWire } from '../dates';
import { ATT_NS } from '../i18n';

/** On a class's day (ISO): its teachers on approved leave, and who covers them or that it needs cover. */
export function ClassCoverNotice({ classId, date }: { classId: string; date: string }) {
  const { t } = useTranslation(ATT_NS);
  const { held } = useShell();
  const cover = useClassCover(classId, toWire(date), can({ feature: 'leave_management' }, held));
  const days: CoverDay[] = cover.data ?? [];
  if (days.length === 0) return null;
  const open = days.some((d) => !d.substitute);
  return (
    <Alert
      color={open ? 'orange' : 'blue'}
      variant="light"
      icon={<IconUserExclamation size={18} aria-hidden />}
      title={open ? t('cover.needsCover') : t('cover.covered')}
      data-testid="class-cover"
      data-needs-cover={open ? 'true' : 'false'}
      mb="md"
    >
      {days.map((d) => (
        <Text key={d.absent._id} fz="sm">
          {d.substitute
            ? t('cover.lineCovered', { name: d.absent.name, substitute: d.substitute.name })
            : t('cover.lineNeeded', { name: d.absent.name })}
          {d.portion !== 'full' ? ` (${t(`cover.portion.${d.portion}`)})` : ''}
        </Text>
      ))}
    </Alert>
  );
}
