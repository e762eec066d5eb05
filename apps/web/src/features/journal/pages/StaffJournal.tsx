import { Alert, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconNotebook, IconPencil, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClassName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { useCurrentClass } from '../../shell/Selectors';
import { Comments } from '../../stories/components/Comments';
import { Reactions } from '../../stories/components/Reactions';
import { showDay } from '../../story-insights/format';
import { storyErrorText, storyText } from '../../story-insights/messages';
import { useEntryChanged, useJournalDay, useJournalDraft } from '../api';
import { DayNav, useJournalDate } from '../components/DayNav';
import { EntryView } from '../components/EntryView';
import { JournalEditor } from '../components/JournalEditor';
import { Review } from '../components/Review';
import { todayWire } from '../day';
import { JOURNAL_NS } from '../i18n';

/** The day's journal of one class, for its staff: read it, write it, let Cue draft it, answer families. */
function ClassDay({ classId, date }: { classId: string; date: string }) {
  const { t } = useTranslation(JOURNAL_NS);
  const day = useJournalDay('staff', classId, date);
  const draft = useJournalDraft(classId, date);
  const changed = useEntryChanged('staff', classId, date);
  const [editing, setEditing] = useState(false);
  const entry = day.data?.entry ?? null;
  const today = date === todayWire();

  const askCue = () =>
    draft.mutate(undefined, {
      onSuccess: (answer) => {
        toast.success(storyText(JOURNAL_NS, answer.message));
        setEditing(true);
      },
      onError: (err) => toast.error(storyErrorText(JOURNAL_NS, err)),
    });
  const cueButton = (label: string) => (
    <Button variant="light" leftSection={<IconSparkles size={16} aria-hidden />} onClick={askCue} loading={draft.isPending}>
      {label}
    </Button>
  );

  if (day.isPending) return <Skeleton h={240} radius="lg" />;
  if (day.error) return <Alert color="red" variant="light" title={storyErrorText(JOURNAL_NS, day.error)} />;
  if (editing)
    return (
      <JournalEditor
        key={entry ? `${entry._id}-${entry.updated_at}` : 'new'}
        classId={classId}
        date={date}
        entry={entry}
        onClose={() => setEditing(false)}
      />
    );
  if (!entry)
    return (
      <Paper withBorder radius="lg" p="xl" data-testid="journal-empty">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon variant="light" radius="xl" size={48} aria-hidden>
            <IconNotebook size={26} />
          </ThemeIcon>
          <Text fw={600}>{today ? t('empty.today') : t('empty.day')}</Text>
          <Text fz="sm" c="dimmed" maw={460}>
            {t('empty.hint')}
          </Text>
          <Group gap="sm" justify="center" wrap="wrap">
            <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
              {today ? t('empty.writeToday') : t('empty.writeDay')}
            </Button>
            {cueButton(t('empty.draftWithCue'))}
          </Group>
        </Stack>
      </Paper>
    );
  return (
    <Stack gap="lg">
      <EntryView entry={entry} staff />
      <Group gap="sm" wrap="wrap">
        {entry.abilities.can_edit && (
          <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
            {t('entry.edit')}
          </Button>
        )}
        {entry.status === 'draft' && entry.abilities.can_edit && cueButton(t('entry.redraft'))}
      </Group>
      {entry.status === 'pending' && entry.abilities.can_approve && <Review entry={entry} classId={classId} date={date} />}
      {entry.status === 'published' && (
        <>
          <Reactions story={entry} side="staff" onChanged={changed} />
          <Comments side="staff" story={entry} onChanged={changed} />
        </>
      )}
    </Stack>
  );
}

/** /communication/journal for staff: the current class's journal of a day (today unless the address names one). */
export function StaffJournal() {
  const { t, i18n } = useTranslation(JOURNAL_NS);
  const { current, schools } = useCurrentClass();
  const [date, setDate] = useJournalDate();
  const name = current ? formatClassName(current.class_name).text : null;
  return (
    <Page
      title={t('title')}
      description={name ? t('forClass', { name, day: showDay(date, i18n.language, { weekday: 'long' }) }) : undefined}
      actions={<DayNav date={date} onChange={setDate} />}
      width={960}
    >
      {!current ? (
        schools.isPending ? (
          <Skeleton h={240} radius="lg" />
        ) : (
          <Alert color="gray" variant="light" title={t('noClassTitle')}>
            {t('noClassBody')}
          </Alert>
        )
      ) : (
        <ClassDay key={`${current.id}-${date}`} classId={current.id} date={date} />
      )}
    </Page>
  );
}
