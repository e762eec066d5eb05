import {
  ActionIcon,
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Collapse,
  FileButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconCamera,
  IconCheck,
  IconChecklist,
  IconEdit,
  IconPencil,
  IconPlus,
  IconSend,
  IconTrash,
  IconVaccine,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ChildAlertBadges } from '../../../components/ChildAlertBadges';
import { ClassBadges } from '../../../components/ClassBadges';
import { ConfirmModal } from '../../../components/FormModal';
import { ApiError } from '../../../lib/api';
import { formatPhone, fullName, initials } from '../../../lib/format';
import { errorText, toast } from '../../../lib/notify';
import { formatDateTime } from '../../admin/format';
import { ChildPickupCard } from '../../dispersal/family/ChildPickupCard';
import { ChildLibraryCard } from '../../library/family/ChildLibraryCard';
import { ChildFeesCard } from '../../management/fees/ChildFeesCard';
import { LoadFailed } from '../../shell/pages/common';
import {
  type ChildConsent,
  type ChildContact,
  type ChildRecord,
  type HealthItem,
  useChildFamily,
  useChildRecord,
  useConfirmCheck,
  useContactPhoto,
  useDeleteContact,
  useDeleteHealthItem,
  useMedicalViews,
  useSetConsent,
} from '../api';
import { ChangeRequestCard } from '../components/ChangeReview';
import { ChildDataCard } from '../components/ChildDataCard';
import { ProposeModal } from '../components/ProposeModal';
import { ContactModal, HealthDetailsModal, HealthItemModal, ProfileModal } from '../components/RecordForms';
import { Section } from '../components/RecordSection';
import { CHILDREN_NS } from '../i18n';

type Dialog =
  | { kind: 'profile' }
  | { kind: 'health' }
  | { kind: 'propose' }
  | { kind: 'item'; itemKind: HealthItem['kind']; item: HealthItem | null }
  | { kind: 'contact'; contactKind: ChildContact['kind']; contact: ChildContact | null }
  | { kind: 'deleteItem'; item: HealthItem }
  | { kind: 'deleteContact'; contact: ChildContact };

const personName = (p: { first_name: string; last_name: string } | null | undefined) => (p ? fullName(p) : null);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz="sm" component="div">
        {children ?? '—'}
      </Text>
    </Stack>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text fz="sm" c="dimmed">
      {children}
    </Text>
  );
}

function Recorded({ by, at }: { by: { first_name: string; last_name: string } | null; at: string | null }) {
  const { t, i18n } = useTranslation(CHILDREN_NS);
  if (!at) return null;
  return (
    <Text fz="xs" c="dimmed">
      {t('recorded', { name: personName(by) ?? t('changes.someone'), date: formatDateTime(at, i18n.language) })}
    </Text>
  );
}

function RowActions({ label, onEdit, onDelete }: { label: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation(CHILDREN_NS);
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" onClick={onEdit} aria-label={t('actions.editOf', { name: label })}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={t('actions.removeOf', { name: label })}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

function HealthItems({
  items,
  kind,
  editable,
  open,
}: {
  items: HealthItem[];
  kind: HealthItem['kind'];
  editable: boolean;
  open: (d: Dialog) => void;
}) {
  const { t } = useTranslation(CHILDREN_NS);
  return (
    <Stack gap="xs" data-testid={`health-${kind}`}>
      <Group justify="space-between" gap="xs">
        <Text fw={700}>{t(`health.${kind}s`)}</Text>
        {editable && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => open({ kind: 'item', itemKind: kind, item: null })}
          >
            {t(`health.add.${kind}`)}
          </Button>
        )}
      </Group>
      {items.length === 0 && <Empty>{t(`health.none.${kind}`)}</Empty>}
      {items.map((item) => (
        <Paper key={item.id} withBorder radius="md" p="sm" data-testid="health-item">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={4} miw={0}>
              <Group gap={6} wrap="wrap">
                <Text fw={600}>
                  <bdi>{item.name}</bdi>
                </Text>
                {item.severity && (
                  <Badge
                    color={item.severity === 'severe' ? 'red' : item.severity === 'moderate' ? 'orange' : 'gray'}
                    variant="light"
                    tt="none"
                    size="sm"
                  >
                    {t(`severity.${item.severity}`)}
                  </Badge>
                )}
                {item.epipen && (
                  <Badge color="orange" variant="filled" tt="none" size="sm" leftSection={<IconVaccine size={12} aria-hidden />}>
                    {t('health.epipen')}
                  </Badge>
                )}
              </Group>
              {item.reaction && (
                <Text fz="sm">
                  <Text span c="dimmed" fz="sm">
                    {t('health.form.reaction')}:
                  </Text>{' '}
                  <bdi>{item.reaction}</bdi>
                </Text>
              )}
              {item.action_plan && (
                <Text fz="sm">
                  <Text span c="dimmed" fz="sm">
                    {kind === 'medicine' ? t('health.form.dose') : t('health.form.actionPlan')}:
                  </Text>{' '}
                  <bdi>{item.action_plan}</bdi>
                </Text>
              )}
              <Recorded by={item.recorded_by} at={item.recorded_at} />
            </Stack>
            {editable && (
              <RowActions
                label={item.name}
                onEdit={() => open({ kind: 'item', itemKind: kind, item })}
                onDelete={() => open({ kind: 'deleteItem', item })}
              />
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function Health({ record, open }: { record: ChildRecord; open: (d: Dialog) => void }) {
  const { t } = useTranslation(CHILDREN_NS);
  const h = record.health;
  if (!h) return null;
  const editable = record.abilities.can_edit_health;
  const diet = h.dietary;
  return (
    <Section
      title={t('sections.health')}
      testId="record-health"
      action={
        editable && (
          <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} onClick={() => open({ kind: 'health' })}>
            {t('health.editDetails')}
          </Button>
        )
      }
    >
      <HealthItems items={h.allergies} kind="allergy" editable={editable} open={open} />
      <HealthItems items={h.conditions} kind="condition" editable={editable} open={open} />
      <HealthItems items={h.medicines} kind="medicine" editable={editable} open={open} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Field label={t('health.dietary')}>
          {diet && (diet.religious.length || diet.medical.length || diet.notes) ? (
            <Stack gap={2}>
              {diet.religious.length > 0 && (
                <span>
                  {t('health.religious')}: <bdi>{diet.religious.join(', ')}</bdi>
                </span>
              )}
              {diet.medical.length > 0 && (
                <span>
                  {t('health.medicalDiet')}: <bdi>{diet.medical.join(', ')}</bdi>
                </span>
              )}
              {diet.notes && <bdi>{diet.notes}</bdi>}
            </Stack>
          ) : null}
        </Field>
        <Field label={t('health.doctor')}>
          {h.doctor && (h.doctor.name || h.doctor.phone) ? (
            <Stack gap={2}>
              <bdi>{h.doctor.name}</bdi>
              {h.doctor.phone && <bdi dir="ltr">{h.doctor.phone}</bdi>}
              {h.doctor.practice && <bdi>{h.doctor.practice}</bdi>}
            </Stack>
          ) : null}
        </Field>
        <Field label={t('health.immunisation')}>{h.immunisation ? t(`immunisation.${h.immunisation}`) : null}</Field>
        <Field label={t('health.senNeeds')}>{h.sen?.needs ? <bdi>{h.sen.needs}</bdi> : null}</Field>
        <Field label={t('health.supportPlan')}>{h.sen?.support_plan ? <bdi>{h.sen.support_plan}</bdi> : null}</Field>
      </SimpleGrid>
      <Recorded by={h.updated_by} at={h.updated_at} />
      {editable && <MedicalViews id={record.student.id} />}
    </Section>
  );
}

function Contacts({
  record,
  kind,
  contacts,
  open,
}: {
  record: ChildRecord;
  kind: ChildContact['kind'];
  contacts: ChildContact[];
  open: (d: Dialog) => void;
}) {
  const { t } = useTranslation(CHILDREN_NS);
  const editable = record.abilities.can_edit_contacts;
  const sections = { emergency: 'emergency', collector: 'collectors', not_allowed: 'notAllowed' } as const;
  return (
    <Section
      title={t(`sections.${sections[kind]}`)}
      testId={`record-${kind}`}
      action={
        editable && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => open({ kind: 'contact', contactKind: kind, contact: null })}
          >
            {t(`contacts.add.${kind}`)}
          </Button>
        )
      }
    >
      {kind === 'not_allowed' && (
        <Text fz="sm" c="dimmed">
          {t('contacts.adminsOnly')}
        </Text>
      )}
      {contacts.length === 0 && <Empty>{t(`contacts.none.${kind}`)}</Empty>}
      <Stack gap="xs" component={kind === 'emergency' ? 'ol' : 'ul'} p={0} m={0} style={{ listStyle: 'none' }}>
        {contacts.map((c, n) => (
          <Paper key={c.id} component="li" withBorder radius="md" p="sm" data-testid="contact">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
                {kind === 'emergency' ? (
                  <Avatar radius="xl" size={32} color="cue" aria-label={t('contacts.order', { n: n + 1 })}>
                    {n + 1}
                  </Avatar>
                ) : (
                  <Avatar src={c.photo} radius="xl" size={32} alt="" aria-hidden>
                    {initials({ first_name: c.name, last_name: c.name.split(' ').slice(1).join(' ') })}
                  </Avatar>
                )}
                <Stack gap={2} miw={0}>
                  <Text fw={600}>
                    <bdi>{c.name}</bdi>
                    {c.relationship && (
                      <Text span c="dimmed" fz="sm" fw={400}>
                        {' · '}
                        <bdi>{c.relationship}</bdi>
                      </Text>
                    )}
                  </Text>
                  {c.phone && (
                    <Anchor href={`tel:${c.phone.replace(/[^\d+]/g, '')}`} fz="sm" dir="ltr" w="fit-content">
                      {c.phone}
                    </Anchor>
                  )}
                  {c.reason && (
                    <Text fz="sm">
                      <Text span c="dimmed" fz="sm">
                        {t('contacts.reason')}:
                      </Text>{' '}
                      <bdi>{c.reason}</bdi>
                    </Text>
                  )}
                  <Recorded by={c.recorded_by} at={c.recorded_at} />
                </Stack>
              </Group>
              {editable && (
                <Group gap={4} wrap="nowrap">
                  {kind === 'collector' && <CollectorPhoto contact={c} />}
                  <RowActions
                    label={c.name}
                    onEdit={() => open({ kind: 'contact', contactKind: kind, contact: c })}
                    onDelete={() => open({ kind: 'deleteContact', contact: c })}
                  />
                </Group>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Section>
  );
}

/** A collector's photo, for the staff who check at the door: chosen from the device, a picture only. */
function CollectorPhoto({ contact }: { contact: ChildContact }) {
  const { t } = useTranslation(CHILDREN_NS);
  const upload = useContactPhoto();
  return (
    <FileButton
      accept="image/png,image/jpeg,image/webp,image/heic"
      onChange={(file) => {
        if (!file) return;
        upload.mutate(
          { id: contact.id, file },
          {
            onSuccess: () => toast.success(t('contacts.photoSaved')),
            onError: (err) => toast.error(errorText(err)),
          },
        );
      }}
    >
      {(props) => (
        <Tooltip label={t('contacts.photo', { name: contact.name })}>
          <ActionIcon
            {...props}
            variant="subtle"
            color="gray"
            loading={upload.isPending}
            aria-label={t('contacts.photo', { name: contact.name })}
            data-testid="collector-photo"
          >
            <IconCamera size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </FileButton>
  );
}

/** The audit of staff reads of the child's medical details, for admins: the latest first, shown on demand. */
function MedicalViews({ id }: { id: string }) {
  const { t, i18n } = useTranslation(CHILDREN_NS);
  const [open, setOpen] = useState(false);
  const views = useMedicalViews(id, open);
  return (
    <Stack gap={4}>
      <Anchor component="button" type="button" fz="sm" onClick={() => setOpen((v) => !v)} aria-expanded={open} w="fit-content">
        {open ? t('health.hideViews') : t('health.showViews')}
      </Anchor>
      <Collapse expanded={open}>
        <Stack gap={2} component="ul" m={0} ps="md" data-testid="medical-views">
          {(views.data ?? []).slice(0, 20).map((v) => (
            <Text key={`${v.viewed_at}-${v.viewed_by?.id ?? ''}`} component="li" fz="xs" c="dimmed">
              {t('health.viewed', {
                name: personName(v.viewed_by) ?? t('changes.someone'),
                date: formatDateTime(v.viewed_at, i18n.language),
              })}
            </Text>
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}

/** The parents and carers linked to the child, with their phone and email as the school records them. */
function Family({ id }: { id: string }) {
  const { t } = useTranslation(CHILDREN_NS);
  const family = useChildFamily(id);
  const parents = family.data?.parents ?? [];
  return (
    <Section title={t('sections.parents')} testId="record-parents">
      {family.data && parents.length === 0 && <Empty>{t('contacts.noParents')}</Empty>}
      <Stack gap="xs">
        {parents.map((p) => (
          <Paper key={p.id} withBorder radius="md" p="sm" data-testid="parent">
            <Stack gap={2}>
              <Text fw={600}>
                <bdi>{fullName(p)}</bdi>
                <Text span c="dimmed" fz="sm" fw={400}>
                  {' · '}
                  {t(`admin:relations.${p.relation}`, { defaultValue: p.relation })}
                </Text>
              </Text>
              {p.primary_phone && (
                <Anchor href={`tel:${p.primary_phone}`} fz="sm" dir="ltr" w="fit-content" data-testid="parent-phone">
                  {formatPhone(p.primary_phone)}
                </Anchor>
              )}
              {p.primary_email && (
                <Anchor href={`mailto:${p.primary_email}`} fz="sm" dir="ltr" w="fit-content">
                  {p.primary_email}
                </Anchor>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Section>
  );
}

function Consent({ record, consent }: { record: ChildRecord; consent: ChildConsent }) {
  const { t, i18n } = useTranslation(CHILDREN_NS);
  const set = useSetConsent(record.student.id);
  const [history, setHistory] = useState(false);
  const label = consent.built_in ? t(`consents.${consent.key}`) : (consent.label ?? consent.key);
  const state =
    consent.granted === null
      ? t('consent.notAsked')
      : t(consent.granted ? 'consent.given' : 'consent.withdrawn', {
          name: personName(consent.given_by) ?? t('changes.someone'),
          date: consent.given_at ? formatDateTime(consent.given_at, i18n.language) : '',
        });
  const change = (granted: boolean) =>
    set.mutate(
      { key: consent.key, granted },
      {
        onSuccess: () =>
          toast.success(granted ? t('messages.consentGiven', { label }) : t('messages.consentWithdrawn', { label })),
        onError: (err) => toast.error(errorText(err)),
      },
    );
  return (
    <Stack gap={4} data-testid="consent" data-key={consent.key} data-granted={String(consent.granted)}>
      <Switch
        checked={consent.granted === true}
        onChange={(event) => change(event.currentTarget.checked)}
        disabled={!record.abilities.can_record_consent || set.isPending}
        label={label}
        description={state}
      />
      {consent.history.length > 1 && (
        <>
          <Anchor
            component="button"
            type="button"
            fz="xs"
            onClick={() => setHistory((v) => !v)}
            aria-expanded={history}
            w="fit-content"
          >
            {history ? t('consent.hideHistory') : t('consent.showHistory', { count: consent.history.length })}
          </Anchor>
          <Collapse expanded={history}>
            <Stack gap={2} component="ul" m={0} ps="md" data-testid="consent-history">
              {consent.history.map((e) => (
                <Text key={`${e.given_at}-${String(e.granted)}`} component="li" fz="xs" c="dimmed">
                  {t(e.granted ? 'consent.given' : 'consent.withdrawn', {
                    name: personName(e.given_by) ?? t('changes.someone'),
                    date: formatDateTime(e.given_at, i18n.language),
                  })}
                </Text>
              ))}
            </Stack>
          </Collapse>
        </>
      )}
    </Stack>
  );
}

/** The school asked the family to check the child's details: everything correct, or (the page's own action) propose a change. */
function CheckBanner({ record }: { record: ChildRecord }) {
  const { t } = useTranslation(CHILDREN_NS);
  const confirm = useConfirmCheck(record.student.id);
  const name = record.profile.preferred_name || record.student.first_name;
  return (
    <Alert
      color="cue"
      variant="light"
      icon={<IconChecklist size={20} aria-hidden />}
      title={t('check.banner', { name })}
      data-testid="record-check"
    >
      <Stack gap="sm">
        <Text fz="sm">{t('check.bannerBody')}</Text>
        <Group gap="sm" wrap="wrap">
          <Button
            leftSection={<IconCheck size={16} />}
            loading={confirm.isPending}
            // The banner goes with the answer: the thanks are said by the call's promise, not the banner's observer.
            onClick={() =>
              confirm.mutateAsync().then(
                () => toast.success(t('check.confirmed')),
                (err: unknown) => toast.error(errorText(err)),
              )
            }
          >
            {t('check.allCorrect')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * The child's record (issue 18): profile, health and safety, the people around the child, consents and
 * the changes waiting for the school. One page for staff and for the family; what each may do is the
 * record's `abilities`.
 */
export default function ChildRecordPage() {
  const { t } = useTranslation(CHILDREN_NS);
  const { id = '' } = useParams();
  const record = useChildRecord(id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const deleteItem = useDeleteHealthItem();
  const deleteContact = useDeleteContact();
  const name = record.data ? fullName(record.data.student) : '';
  useDocumentTitle(name ? `${name} · ${t('title')}` : t('title'));

  // Another family's child, or a child of a class this member of staff does not work with.
  if (record.error instanceof ApiError && (record.error.status === 403 || record.error.status === 404))
    return (
      <Alert color="gray" variant="light" data-testid="record-unavailable">
        {t('unavailable')}
      </Alert>
    );
  if (record.isError && !record.data) return <LoadFailed onRetry={() => void record.refetch()} />;
  if (!record.data)
    return (
      <Text c="dimmed" aria-busy="true">
        {t('loading')}
      </Text>
    );
  const r = record.data;
  const p = r.profile;
  const a = r.abilities;
  const open = setDialog;

  return (
    <Stack gap="md" data-testid="child-record">
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" align="flex-start" miw={0}>
          <Avatar src={r.student.student_profile_picture} size={64} radius="xl" color="coral" alt="" aria-hidden>
            {initials(r.student)}
          </Avatar>
          <Stack gap={4} miw={0}>
            <Title order={1} fz="h2">
              <bdi>{name}</bdi>
            </Title>
            <Group gap={6} wrap="wrap">
              {p.age && (
                <Text fz="sm" c="dimmed" data-testid="child-age">
                  {t('profile.age', { age: p.age })}
                </Text>
              )}
              <ClassBadges classes={r.student.student_class.map((c) => ({ id: c.class_id, class_name: c.class_name }))} />
              <ChildAlertBadges alerts={r.alerts} size="md" />
            </Group>
          </Stack>
        </Group>
        {a.can_propose_changes && (
          <Button leftSection={<IconSend size={16} />} onClick={() => open({ kind: 'propose' })}>
            {t('propose.title')}
          </Button>
        )}
      </Group>

      {r.check.pending && a.can_confirm_check && <CheckBanner record={r} />}

      {r.pending_changes.length > 0 && (
        <Stack gap="sm" component="section" aria-label={t('changes.pending')} data-testid="pending-changes">
          <Title order={2} fz="h4">
            {t('changes.pending')}
          </Title>
          {r.pending_changes.map((request) => (
            <ChangeRequestCard key={request.id} request={request} decide={a.can_decide_changes} showChild={false} />
          ))}
        </Stack>
      )}

      <Section
        title={t('sections.profile')}
        testId="record-profile"
        action={
          a.can_edit_profile && (
            <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} onClick={() => open({ kind: 'profile' })}>
              {t('profile.edit')}
            </Button>
          )
        }
      >
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md">
          <Field label={t('profile.dateOfBirth')}>
            {p.date_of_birth && (
              <>
                <bdi dir="ltr">{p.date_of_birth}</bdi>
                {p.age && ` (${p.age})`}
              </>
            )}
          </Field>
          <Field label={t('profile.gender')}>{p.gender ? t(`genders.${p.gender}`) : null}</Field>
          <Field label={t('profile.preferredName')}>{p.preferred_name && <bdi>{p.preferred_name}</bdi>}</Field>
          <Field label={t('profile.homeLanguages')}>{p.home_languages.length ? p.home_languages.join(', ') : null}</Field>
          <Field label={t('profile.startDate')}>{p.start_date && <bdi dir="ltr">{p.start_date}</bdi>}</Field>
          <Field label={t('profile.leavingDate')}>{p.leaving_date && <bdi dir="ltr">{p.leaving_date}</bdi>}</Field>
          <Field label={t('profile.keyPerson')}>{p.key_person && <bdi>{fullName(p.key_person)}</bdi>}</Field>
          <Field label={t('profile.address')}>{p.address && <bdi>{p.address}</bdi>}</Field>
          <Field label={t('profile.notes')}>{p.notes && <bdi>{p.notes}</bdi>}</Field>
        </SimpleGrid>
      </Section>

      <Health record={r} open={open} />
      <Family id={r.student.id} />
      <Contacts record={r} kind="emergency" contacts={r.emergency_contacts} open={open} />
      <Contacts record={r} kind="collector" contacts={r.collectors} open={open} />
      {r.not_allowed && <Contacts record={r} kind="not_allowed" contacts={r.not_allowed} open={open} />}

      <Section title={t('sections.consents')} testId="record-consents">
        {!a.can_record_consent && <Empty>{t('consent.familyGives')}</Empty>}
        <Stack gap="md">
          {r.consents.map((c) => (
            <Consent key={c.key} record={r} consent={c} />
          ))}
        </Stack>
      </Section>

      {/* Read on their own after the record: last, so that nothing above them moves when they arrive. */}
      <ChildPickupCard
        studentId={r.student.id}
        firstName={r.student.first_name}
        onPropose={a.can_propose_changes ? () => open({ kind: 'propose' }) : undefined}
      />
      <ChildLibraryCard studentId={r.student.id} />
      <ChildFeesCard studentId={r.student.id} />
      <ChildDataCard record={r} />

      {dialog?.kind === 'profile' && <ProfileModal record={r} onClose={close} />}
      {dialog?.kind === 'health' && <HealthDetailsModal record={r} onClose={close} />}
      {dialog?.kind === 'propose' && <ProposeModal record={r} onClose={close} />}
      {dialog?.kind === 'item' && (
        <HealthItemModal studentId={r.student.id} kind={dialog.itemKind} item={dialog.item} onClose={close} />
      )}
      {dialog?.kind === 'contact' && (
        <ContactModal
          studentId={r.student.id}
          kind={dialog.contactKind}
          contact={dialog.contact}
          nextPriority={
            [...r.emergency_contacts, ...r.collectors]
              .filter((c) => c.kind === dialog.contactKind)
              .reduce((m, c) => Math.max(m, c.priority), 0) + 1
          }
          onClose={close}
        />
      )}
      {dialog?.kind === 'deleteItem' && (
        <ConfirmModal
          opened
          onClose={close}
          title={t('actions.removeTitle')}
          message={t('actions.removeConfirm', { name: dialog.item.name })}
          confirmLabel={t('actions.remove')}
          pending={deleteItem.isPending}
          onConfirm={() =>
            deleteItem.mutate(dialog.item.id, {
              onSuccess: () => {
                toast.success(t('messages.removed'));
                close();
              },
              onError: (err) => toast.error(errorText(err)),
            })
          }
        />
      )}
      {dialog?.kind === 'deleteContact' && (
        <ConfirmModal
          opened
          onClose={close}
          title={t('actions.removeTitle')}
          message={t('actions.removeConfirm', { name: dialog.contact.name })}
          confirmLabel={t('actions.remove')}
          pending={deleteContact.isPending}
          onConfirm={() =>
            deleteContact.mutate(dialog.contact.id, {
              onSuccess: () => {
                toast.success(t('messages.removed'));
                close();
              },
              onError: (err) => toast.error(errorText(err)),
            })
          }
        />
      )}
    </Stack>
  );
}
