import type { Incident } from '@cue/contract';
import { Alert, Button, Divider, Group, Timeline as MantineTimeline, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBandage, IconCircleCheck, IconClockHour4, IconPencil, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge';
import { currentLanguage } from '../../../lib/i18n';
import { daysUntil, isolate, readableDay, readableStamp, readableTime } from '../care';
import { CARELOG_NS } from '../i18n';
import { BodyMap } from './BodyMap';
import { AcknowledgeModal, CorrectModal, RegulatorModal, ReviewModal } from './IncidentForms';

/** Where a report stands: acknowledged by the family, reviewed, and for a serious one the regulator's clock. */
export function IncidentBadges({ incident, family = false }: { incident: Incident; family?: boolean }) {
  const { t } = useTranslation(CARELOG_NS);
  const days = incident.regulator_due ? daysUntil(incident.regulator_due) : null;
  return (
    <Group gap={6} wrap="wrap">
      <SoftBadge color={incident.kind === 'accident' ? 'orange' : 'grape'} size="sm" radius="sm">
        {t(`incidentKind.${incident.kind}`)}
      </SoftBadge>
      {incident.serious && (
        <SoftBadge color="red" size="sm" radius="sm" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
          {t('incident.serious')}
        </SoftBadge>
      )}
      <SoftBadge color={incident.acknowledged ? 'green' : 'yellow'} size="sm" radius="sm" data-testid="ack-state">
        {incident.acknowledged ? t('incident.acknowledged') : t('incident.awaitingAck')}
      </SoftBadge>
      {!family && (
        <SoftBadge color={incident.reviewed ? 'green' : 'gray'} size="sm" radius="sm" outline={!incident.reviewed}>
          {incident.reviewed ? t('incident.reviewed') : t('incident.toReview')}
        </SoftBadge>
      )}
      {!family && incident.serious && !incident.regulator_notified && incident.regulator_due && (
        <SoftBadge
          color={days !== null && days < 3 ? 'red' : 'orange'}
          size="sm"
          radius="sm"
          leftSection={<IconClockHour4 size={12} aria-hidden />}
        >
          {t('incident.regulatorDue', {
            date: readableDay(incident.regulator_due, currentLanguage()),
            count: Math.max(0, days ?? 0),
          })}
        </SoftBadge>
      )}
      {!family && incident.regulator_notified && (
        <SoftBadge color="green" size="sm" radius="sm">
          {t('incident.regulatorDone', { date: readableDay(incident.regulator_notified.on, currentLanguage()) })}
        </SoftBadge>
      )}
    </Group>
  );
}

/** Reports as cards that open the report's page. */
export function IncidentList({
  incidents,
  pathOf,
  empty,
  family = false,
}: {
  incidents: Incident[];
  pathOf: (id: string) => string;
  empty: string;
  /** A family's list: no review or regulator badges. */
  family?: boolean;
}) {
  const { t } = useTranslation(CARELOG_NS);
  const lng = currentLanguage();
  if (incidents.length === 0)
    return (
      <Paper withBorder radius="lg" p="xl">
        <Text ta="center" c="dimmed" data-testid="incidents-empty">
          {empty}
        </Text>
      </Paper>
    );
  return (
    <Stack gap="sm" data-testid="incident-list">
      {incidents.map((incident) => (
        <Paper
          key={incident._id}
          component={Link}
          to={pathOf(incident._id)}
          withBorder
          radius="md"
          p="md"
          data-testid="incident"
          style={{ color: 'inherit', textDecoration: 'none' }}
          aria-label={t('incident.open', {
            name: incident.student.name,
            kind: t(`incidentKind.${incident.kind}`),
            date: readableDay(incident.date, lng),
          })}
        >
          <Stack gap={6}>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Group gap="xs" wrap="nowrap">
                <IconBandage size={20} aria-hidden color="var(--mantine-color-orange-7)" />
                <Text fw={700}>
                  <bdi>{incident.student.name}</bdi>
                </Text>
              </Group>
              <Text fz="sm" c="dimmed">
                {readableDay(incident.date, lng)} · {readableTime(incident.time, lng)}
              </Text>
            </Group>
            <Text fz="sm" lineClamp={2} dir="auto">
              {incident.location} — {incident.description}
            </Text>
            <IncidentBadges incident={incident} family={family} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** A labelled value of the report. */
function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

/**
 * A report read in full: its details, the body map, the signatures, the review, the regulator's
 * notification and the corrections; the buttons each reader may use (never a delete).
 */
export function IncidentView({ incident, family = false }: { incident: Incident; family?: boolean }) {
  const { t, i18n } = useTranslation(CARELOG_NS);
  const lng = currentLanguage();
  const [open, setOpen] = useState<'correct' | 'review' | 'regulator' | 'acknowledge' | null>(null);
  const a = incident.abilities;
  const field = (key: string) => t(`field.${key}`);
  /** A changed value as it reads in the corrections history. */
  const changeText = (value: unknown): string => {
    if (typeof value === 'boolean') return value ? t('incident.yes') : t('incident.no');
    if (Array.isArray(value)) return t('incident.marksCount', { count: value.length });
    if (value === null || value === undefined || value === '') return '—';
    return String(value);
  };
  return (
    <Stack gap="lg" data-testid="incident-view">
      <IncidentBadges incident={incident} family={family} />
      {(a.can_correct || a.can_review || a.can_notify_regulator || a.can_acknowledge) && (
        <Group gap="sm" wrap="wrap">
          {a.can_acknowledge && !incident.acknowledged && (
            <Button leftSection={<IconSignature size={16} aria-hidden />} onClick={() => setOpen('acknowledge')}>
              {t('incident.acknowledge')}
            </Button>
          )}
          {a.can_correct && (
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setOpen('correct')}>
              {t('incident.correct')}
            </Button>
          )}
          {a.can_review && !incident.reviewed && (
            <Button variant="light" leftSection={<IconCircleCheck size={16} aria-hidden />} onClick={() => setOpen('review')}>
              {t('incident.review')}
            </Button>
          )}
          {a.can_notify_regulator && incident.serious && !incident.regulator_notified && (
            <Button variant="light" color="red" onClick={() => setOpen('regulator')}>
              {t('incident.regulatorNotified')}
            </Button>
          )}
        </Group>
      )}
      {!family && incident.serious && !incident.regulator_notified && incident.regulator_due && (
        <Alert color="red" variant="light" icon={<IconClockHour4 size={18} aria-hidden />} data-testid="regulator-due">
          {t('incident.regulatorDueLong', { date: readableDay(incident.regulator_due, lng) })}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label={field('child')} value={incident.student.name} />
          <Field label={field('incidentKind')} value={t(`incidentKind.${incident.kind}`)} />
          <Field label={field('date')} value={`${readableDay(incident.date, lng)} · ${readableTime(incident.time, lng)}`} />
          <Field label={field('location')} value={incident.location} />
          <Field label={field('description')} value={incident.description} />
          <Field label={field('injury')} value={incident.injury} />
          <Field label={field('firstAid')} value={incident.first_aid} />
          <Field label={field('incidentWitness')} value={incident.witness} />
        </SimpleGrid>
      </Paper>
      <Stack gap="xs" component="section" aria-labelledby="incident-body">
        <Title order={2} fz="lg" id="incident-body">
          {t('body.title')}
        </Title>
        {incident.body_map.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('body.none')}
          </Text>
        ) : (
          <BodyMap marks={incident.body_map} />
        )}
      </Stack>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="xs">
          <Text fz="sm" data-testid="staff-signature">
            {t('incident.signedBy', { signature: isolate(incident.signature), date: readableStamp(incident.signed_at, lng) })}
          </Text>
          {!family && (
            <>
              <Divider />
              <Text fz="sm" data-testid="review-state">
                {incident.reviewed
                  ? t('incident.reviewedBy', {
                      name: isolate(incident.reviewed.by.name),
                      date: readableStamp(incident.reviewed.at, lng),
                    })
                  : t('incident.notReviewed')}
              </Text>
              {incident.reviewed?.note && (
                <Text fz="sm" c="dimmed" dir="auto">
                  {incident.reviewed.note}
                </Text>
              )}
            </>
          )}
          <Divider />
          <Text fz="sm" data-testid="acknowledgement">
            {incident.acknowledged
              ? t('incident.acknowledgedBy', {
                  signature: isolate(incident.acknowledged.signature),
                  date: readableStamp(incident.acknowledged.at, lng),
                })
              : t('incident.notAcknowledged')}
          </Text>
          {!family && incident.regulator_notified && (
            <>
              <Divider />
              <Text fz="sm">
                {t('incident.regulatorBy', {
                  date: readableDay(incident.regulator_notified.on, lng),
                  name: incident.regulator_notified.by.name,
                  reference: incident.regulator_notified.reference || '—',
                })}
              </Text>
            </>
          )}
        </Stack>
      </Paper>
      {incident.corrections.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="incident-corrections">
          <Title order={2} fz="lg" id="incident-corrections">
            {t('incident.corrections')}
          </Title>
          <MantineTimeline bulletSize={14} lineWidth={2} data-testid="corrections">
            {incident.corrections.map((c) => (
              <MantineTimeline.Item
                key={c.at}
                title={t('incident.correctedBy', { name: isolate(c.by.name), date: readableStamp(c.at, lng) })}
              >
                <Text fz="sm" dir="auto">
                  {t('incident.reasonLine', { reason: isolate(c.reason) })}
                </Text>
                {Object.entries(c.changes).map(([key, change]) => (
                  <Text fz="xs" c="dimmed" key={key} data-testid="correction-change">
                    {/* Each value isolated, so the arrow points from the old to the new in either direction. */}
                    {t('incident.changeField', { field: t(`correctable.${key}`, { defaultValue: key }) })}{' '}
                    <bdi>{changeText(change.from)}</bdi> {i18n.dir() === 'rtl' ? '←' : '→'} <bdi>{changeText(change.to)}</bdi>
                  </Text>
                ))}
              </MantineTimeline.Item>
            ))}
          </MantineTimeline>
        </Stack>
      )}
      {open === 'correct' && <CorrectModal incident={incident} onClose={() => setOpen(null)} />}
      {open === 'review' && <ReviewModal incident={incident} onClose={() => setOpen(null)} />}
      {open === 'regulator' && <RegulatorModal incident={incident} onClose={() => setOpen(null)} />}
      {open === 'acknowledge' && <AcknowledgeModal incident={incident} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
