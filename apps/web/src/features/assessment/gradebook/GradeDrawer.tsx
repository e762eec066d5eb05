import { Alert, Button, Drawer, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notify';
import type { AssessmentPeriod } from '../api';
import { type AssessmentTask, type Grade, useChildEvidence } from '../api-gradebook';
import { EvidenceList, evidenceKey } from '../components/EvidenceList';
import { assessmentErrorText, assessmentMessage, GRADEBOOK_NS } from '../i18n';

export interface DrawerSave {
  comment: string;
  evidence: { kind: 'observation' | 'story' | 'media'; id: string }[];
}

/**
 * A grade's comment and the evidence it rests on: the child's observations, stories and photos of the
 * period, each with a checkbox. Saving sends the cell's grade as it stands with them.
 */
export function GradeDrawer({
  student,
  task,
  grade,
  period,
  readOnly,
  onSave,
  onClose,
}: {
  student: { _id: string; name: string };
  task: AssessmentTask;
  grade: Grade | undefined;
  period: AssessmentPeriod;
  readOnly: boolean;
  onSave: (change: DrawerSave) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(GRADEBOOK_NS);
  const [comment, setComment] = useState(grade?.comment ?? '');
  const [selected, setSelected] = useState<Set<string>>(() => new Set((grade?.evidence ?? []).map(evidenceKey)));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const evidence = useChildEvidence(student._id, period.start_date, period.end_date);
  const items = evidence.data ?? [];

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const refs = [...selected].map((key) => {
        const [kind, id] = key.split(':') as [DrawerSave['evidence'][number]['kind'], string];
        return { kind, id };
      });
      await onSave({ comment: comment.trim(), evidence: refs });
      toast.success(assessmentMessage('gradesSaved'));
      onClose();
    } catch (err) {
      setError(assessmentErrorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      opened
      onClose={() => !saving && onClose()}
      // The side the page's reading ends on: the right in English, the left in Arabic and Hebrew.
      position={i18n.dir() === 'rtl' ? 'left' : 'right'}
      size="md"
      title={
        <Title order={2} fz="lg" dir="auto">
          {t('drawer.title', { child: student.name })}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('drawer.close') }}
      data-testid="grade-drawer"
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed" dir="auto">
          {task.title} · {grade?.value ? t('drawer.grade', { value: grade.value }) : t('drawer.noGrade')}
        </Text>
        {!grade?.value && !readOnly && (
          <Alert color="gray" variant="light" data-testid="drawer-grade-first">
            {t('drawer.gradeFirst')}
          </Alert>
        )}
        <Textarea
          label={t('drawer.comment')}
          autosize
          minRows={3}
          maxLength={1000}
          dir="auto"
          value={comment}
          readOnly={readOnly || !grade?.value}
          onChange={(e) => setComment(e.currentTarget.value)}
          data-testid="grade-comment"
        />
        <Stack gap={6}>
          <Text fw={600} fz="sm">
            {t('drawer.evidence')}
          </Text>
          {evidence.isPending ? (
            <Skeleton h={120} radius="md" />
          ) : evidence.isError ? (
            <Alert color="gray" variant="light" data-testid="evidence-error">
              {t('drawer.evidenceError')}
            </Alert>
          ) : (
            <EvidenceList
              items={items}
              selected={selected}
              empty={t('drawer.evidenceNone')}
              onToggle={
                readOnly
                  ? undefined
                  : (item, on) =>
                      setSelected((current) => {
                        const next = new Set(current);
                        if (on) next.add(evidenceKey(item));
                        else next.delete(evidenceKey(item));
                        return next;
                      })
              }
            />
          )}
        </Stack>
        {error && (
          <Alert color="red" variant="light" data-testid="drawer-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('drawer.cancel')}
          </Button>
          {!readOnly && (
            <Button onClick={save} loading={saving} disabled={!grade?.value}>
              {t('drawer.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </Drawer>
  );
}
