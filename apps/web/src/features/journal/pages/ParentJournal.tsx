import { Alert, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../../lib/format';
import { useCurrentChild } from '../../auth/useCurrentUser';
import { Page } from '../../communication/components/Page';
import { Comments } from '../../stories/components/Comments';
import { Reactions } from '../../stories/components/Reactions';
import { showDay } from '../../story-insights/format';
import { storyErrorText } from '../../story-insights/messages';
import { useEntryChanged, useJournalDay, useJournalPublished } from '../api';
import { DayNav, useJournalDate } from '../components/DayNav';
import { EntryView } from '../components/EntryView';
import { todayWire } from '../day';
import { JOURNAL_NS } from '../i18n';

function FamilyDay({ classId, date }: { classId: string; date: string }) {
  const { t } = useTranslation(JOURNAL_NS);
  const day = useJournalDay('parent', classId, date);
  const changed = useEntryChanged('parent', classId, date);
  const entry = day.data?.entry ?? null;
  if (day.isPending) return <Skeleton h={240} radius="lg" />;
  if (day.error) return <Alert color="red" variant="light" title={storyErrorText(JOURNAL_NS, day.error)} />;
  // A family sees only what was published (a draft is the staff's).
  if (entry?.status !== 'published')
    return (
      <Paper withBorder radius="lg" p="xl" data-testid="journal-empty">
        <Text ta="center" c="dimmed" fw={500}>
          {date === todayWire() ? t('parent.noneToday') : t('parent.noneDay')}
        </Text>
      </Paper>
    );
  return (
    <Stack gap="lg">
      <EntryView entry={entry} />
      <Reactions story={entry} side="parent" onChanged={changed} />
      <Comments side="parent" story={entry} onChanged={changed} />
    </Stack>
  );
}

/** /communication/journal for a family: the current child's class journal, day by day; a new entry shows when published. */
export function ParentJournal() {
  const { t, i18n } = useTranslation(JOURNAL_NS);
  const child = useCurrentChild();
  const classes = child?.student_class ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const classId = classes.find((c) => c.class_id === chosen)?.class_id ?? classes[0]?.class_id ?? null;
  const [date, setDate] = useJournalDate();
  useJournalPublished(!!classId);
  if (!child || !classId)
    return (
      <Page title={t('title')}>
        <Alert color="gray" variant="light" title={t('parent.noClassTitle')}>
          {t('parent.noClassBody')}
        </Alert>
      </Page>
    );
  return (
    <Page
      title={t('title')}
      description={t('parent.forChild', { name: fullName(child), day: showDay(date, i18n.language, { weekday: 'long' }) })}
      actions={<DayNav date={date} onChange={setDate} />}
      width={960}
    >
      {classes.length > 1 && (
        <SegmentedControl
          aria-label={t('parent.class')}
          value={classId}
          onChange={setChosen}
          data={classes.map((c) => ({ value: c.class_id, label: c.class_name }))}
        />
      )}
      <FamilyDay key={`${classId}-${date}`} classId={classId} date={date} />
    </Page>
  );
}
