import { OBSERVATION_DEFAULTS } from '@cue/contract';
import { Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCheck, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notify';
import classes from '../Cue.module.css';
import { formatWireDate, type ObservationDraftEntry, readObservation } from '../drafts';
import { CUE_NS } from '../i18n';
import { CardFrame, type CardProps, EditSaveActions, nameOf, SavedBadge, useSaving } from './CardFrame';

/** create_observation: one note per child, in the teacher's words; Save writes them. */
export function ObservationCard({ call, names, onSave }: CardProps) {
  const { t, i18n } = useTranslation(CUE_NS);
  /** The spec's default title ('Observation', kept in English) in the reader's language. */
  const shownTitle = (title: string) => (title === OBSERVATION_DEFAULTS.title ? t('observation.defaultTitle') : title);
  const draft = readObservation(call.args);
  const [edited, setEdited] = useState<ObservationDraftEntry[] | null>(null);
  const [editing, setEditing] = useState(false);
  const { saving, run } = useSaving(call);
  const entries = call.saved ? draft.entries : (edited ?? draft.entries);
  const locked = call.saved || saving !== null;
  const incomplete = entries.some((e) => !e.general_note.trim());

  const save = () =>
    run('save', async () => {
      const args = { ...call.args, observation_entries: entries };
      const ok = await onSave(call, args);
      if (ok) {
        toast.success(t('messages.observationSaved'));
        setEditing(false);
      }
      return ok;
    });

  const change = (index: number, patch: Partial<ObservationDraftEntry>) =>
    setEdited(entries.map((e, i) => (i === index ? { ...e, ...patch } : e)));

  const saveLabel = call.saved
    ? t('messages.observationSavedFlag')
    : saving === 'save'
      ? t('messages.observationSaving')
      : t('observation.save');
  const saveButton = (
    <Button
      onClick={() => void save()}
      disabled={call.saved || incomplete}
      aria-busy={saving === 'save'}
      leftSection={call.saved ? <IconCheck size={16} /> : undefined}
      data-testid="cue-observation-save"
    >
      {saveLabel}
    </Button>
  );

  return (
    <CardFrame
      call={call}
      testId="cue-card-observation"
      icon={<IconEye size={20} />}
      title={t('observation.title')}
      status={call.saved ? <SavedBadge>{t('messages.observationSavedFlag')}</SavedBadge> : undefined}
      actions={
        <EditSaveActions
          editing={editing}
          setEditing={setEditing}
          dropEdits={() => setEdited(null)}
          saved={call.saved}
          locked={locked}
          saveButton={saveButton}
        />
      }
    >
      <Stack gap="sm">
        {entries.map((entry, index) => {
          const child = nameOf(names, entry.student_id, t('card.unknownChild'));
          return (
            <div key={entry.student_id} className={classes.editRow} style={{ gridTemplateColumns: 'minmax(0, 1fr)' }}>
              <Text fw={600} fz="sm">
                {child}
                {entry.date && (
                  <Text span c="dimmed" fw={400} fz="xs">
                    {' · '}
                    {formatWireDate(entry.date, i18n.language)}
                  </Text>
                )}
              </Text>
              {editing && !call.saved ? (
                <>
                  <TextInput
                    label={t('observation.titleLabel')}
                    value={shownTitle(entry.title)}
                    onChange={(e) => {
                      const title = e.currentTarget.value;
                      change(index, { title: title === t('observation.defaultTitle') ? OBSERVATION_DEFAULTS.title : title });
                    }}
                    maxLength={200}
                    disabled={locked}
                  />
                  <Textarea
                    label={t('observation.noteLabel')}
                    value={entry.general_note}
                    onChange={(e) => change(index, { general_note: e.currentTarget.value })}
                    autosize
                    minRows={2}
                    maxLength={10_000}
                    disabled={locked}
                  />
                </>
              ) : (
                <>
                  {entry.title && (
                    <Text fz="sm" fw={500} dir="auto">
                      {shownTitle(entry.title)}
                    </Text>
                  )}
                  <Text fz="sm" className={classes.summary}>
                    {entry.general_note}
                  </Text>
                </>
              )}
            </div>
          );
        })}
      </Stack>
    </CardFrame>
  );
}
