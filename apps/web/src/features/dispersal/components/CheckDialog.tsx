import type { ChildDay, ExpectedCollector } from '@cue/contract';
import {
  Alert,
  Avatar,
  Badge,
  Box,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { IconBan, IconHandStop, IconKey, IconUserQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { fullName } from '../../../lib/format';
import { errorText, toast } from '../../../lib/notify';
import { useCheckIn, useCheckOut } from '../api-desk';
import { DISPERSAL_NS, dispersalMessage } from '../i18n';
import { type AdultChoice, adultRequestOf, collectorKey, isDoorRefusal, ONE_TIME_CODE } from './checks';

/** The red line staff read before letting anyone take the child: who must not collect them. */
export function BlockedNames({ names }: { names: readonly string[] }) {
  const { t } = useTranslation(DISPERSAL_NS);
  if (names.length === 0) return null;
  return (
    <Stack gap={2} data-testid="dispersal-blocked">
      {names.map((name) => (
        <Group key={name} gap={6} wrap="nowrap" c="red.8" fw={700} fz="sm">
          <IconBan size={16} aria-hidden />
          <Text inherit>{t('blocked', { name })}</Text>
        </Group>
      ))}
    </Stack>
  );
}

/** One adult as a card to choose (photo, name, relationship, "one-time" for a person added for today). */
function AdultCard({ person, selected, onSelect }: { person: ExpectedCollector; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation(DISPERSAL_NS);
  return (
    <UnstyledButton
      onClick={onSelect}
      role="radio"
      aria-checked={selected}
      data-testid="dispersal-adult"
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: `2px solid ${selected ? 'var(--mantine-color-cue-6)' : 'var(--mantine-color-default-border)'}`,
        background: selected ? 'var(--mantine-color-cue-light)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <Avatar src={person.photo} alt="" radius="xl" size={44} aria-hidden>
          {person.name.slice(0, 1)}
        </Avatar>
        <Box miw={0}>
          <Text fw={600} truncate>
            {person.name}
          </Text>
          <Group gap={4}>
            <Text fz="xs" c="dimmed">
              {person.relationship ?? t(`adultKind.${person.kind}`)}
            </Text>
            {person.kind === 'one_time' && (
              <Badge size="xs" color="grape" variant="light">
                {t('oneTime')}
              </Badge>
            )}
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

/**
 * Check a child in or out at the desk: who brings or collects them (the expected adults as cards, a
 * one-time code, or someone else by name, which the server refuses unless they are authorised), and at
 * drop-off the school's health question. A refusal at the door is said big and red inside the dialog.
 */
export function CheckDialog({
  mode,
  child,
  healthQuestion,
  onClose,
}: {
  mode: 'in' | 'out';
  child: ChildDay;
  /** The school's question at drop-off, when it asks one. */
  healthQuestion: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(DISPERSAL_NS);
  const checkIn = useCheckIn();
  const checkOut = useCheckOut();
  const call = mode === 'in' ? checkIn : checkOut;
  // At drop-off the expected adults are the family's (a one-time person only collects).
  const expected = mode === 'in' ? child.expected.filter((c) => c.kind !== 'one_time') : child.expected;
  // Nobody is chosen beforehand: at the door, staff say who is actually there.
  const [choice, setChoice] = useState<AdultChoice | null>(null);
  const [health, setHealth] = useState<'yes' | 'no' | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = fullName(child.student);
  const asked = mode === 'in' && !!healthQuestion;
  const adult = adultRequestOf(choice, expected);
  const codeBad = choice?.kind === 'code' && !ONE_TIME_CODE.test(choice.code.trim());
  const nameMissing = choice?.kind === 'other' && !choice.name.trim();

  const pick = (next: AdultChoice) => {
    setChoice(next);
    setRefusal(null);
    setError(null);
  };

  const submit = () => {
    setTried(true);
    if (!adult || (asked && !health)) return;
    setRefusal(null);
    setError(null);
    const done = () => {
      toast.success(dispersalMessage(mode === 'in' ? 'checkedIn' : 'checkedOut'));
      onClose();
    };
    const failed = (err: unknown) => {
      // Said big inside the dialog; the office's alert reaches every member of staff by the shell's notice.
      if (isDoorRefusal(err)) setRefusal(errorText(err));
      else setError(errorText(err));
    };
    if (mode === 'in')
      checkIn.mutate(
        {
          student_id: child.student.id,
          adult,
          ...(asked ? { health_ok: health === 'yes', health_note: health === 'no' && note.trim() ? note.trim() : null } : {}),
        },
        { onSuccess: done, onError: failed },
      );
    else checkOut.mutate({ student_id: child.student.id, adult }, { onSuccess: done, onError: failed });
  };

  const selectedKey = choice?.kind === 'expected' ? choice.key : null;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t(mode === 'in' ? 'check.inTitle' : 'check.outTitle', { name })}
      submitLabel={t(mode === 'in' ? 'check.in' : 'check.out')}
      onSubmit={submit}
      pending={call.isPending}
      error={error}
      size="lg"
    >
      <BlockedNames names={child.blocked} />
      {refusal && (
        <Alert
          role="alert"
          color="red"
          variant="filled"
          icon={<IconHandStop size={28} aria-hidden />}
          title={
            <Text fz="lg" fw={800}>
              {refusal}
            </Text>
          }
          data-testid="dispersal-refusal"
        >
          {t('check.officeAlerted')}
        </Alert>
      )}
      <Stack gap="xs" role="radiogroup" aria-label={t(mode === 'in' ? 'check.whoIn' : 'check.whoOut')}>
        <Text fw={600}>{t(mode === 'in' ? 'check.whoIn' : 'check.whoOut')}</Text>
        {expected.length === 0 && (
          <Text fz="sm" c="dimmed">
            {t('check.noneExpected')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {expected.map((person) =>
            person.kind === 'one_time' ? (
              <AdultCard
                key={collectorKey(person)}
                person={person}
                selected={choice?.kind === 'code' && choice.person === collectorKey(person)}
                onSelect={() =>
                  pick({ kind: 'code', code: choice?.kind === 'code' ? choice.code : '', person: collectorKey(person) })
                }
              />
            ) : (
              <AdultCard
                key={collectorKey(person)}
                person={person}
                selected={selectedKey === collectorKey(person)}
                onSelect={() => pick({ kind: 'expected', key: collectorKey(person) })}
              />
            ),
          )}
          <UnstyledButton
            role="radio"
            aria-checked={choice?.kind === 'code' && !choice.person}
            onClick={() => pick({ kind: 'code', code: choice?.kind === 'code' ? choice.code : '' })}
            data-testid="dispersal-adult-code"
            p="sm"
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              border: `2px ${choice?.kind === 'code' && !choice.person ? 'solid var(--mantine-color-cue-6)' : 'dashed var(--mantine-color-default-border)'}`,
            }}
          >
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" radius="xl" size={44} aria-hidden>
                <IconKey size={22} />
              </ThemeIcon>
              <Text fw={600}>{t('check.oneTimeCode')}</Text>
            </Group>
          </UnstyledButton>
          <UnstyledButton
            role="radio"
            aria-checked={choice?.kind === 'other'}
            onClick={() => pick({ kind: 'other', name: '', relationship: '' })}
            data-testid="dispersal-adult-other"
            p="sm"
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              border: `2px ${choice?.kind === 'other' ? 'solid var(--mantine-color-cue-6)' : 'dashed var(--mantine-color-default-border)'}`,
            }}
          >
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" color="gray" radius="xl" size={44} aria-hidden>
                <IconUserQuestion size={22} />
              </ThemeIcon>
              <Text fw={600}>{t('check.someoneElse')}</Text>
            </Group>
          </UnstyledButton>
        </SimpleGrid>
        {tried && !choice && (
          <Text c="red.8" fz="sm" role="alert">
            {t('check.chooseAdult')}
          </Text>
        )}
      </Stack>
      {choice?.kind === 'code' && (
        <TextInput
          label={t('check.codeLabel')}
          description={t('check.codeHint')}
          value={choice.code}
          onChange={(e) => pick({ ...choice, code: e.currentTarget.value.replace(/\D/g, '').slice(0, 6) })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          data-autofocus
          dir="ltr"
          error={tried && codeBad ? t('check.codeInvalid') : undefined}
          styles={{ input: { letterSpacing: '0.3em', fontSize: 'var(--mantine-font-size-lg)' } }}
        />
      )}
      {choice?.kind === 'other' && (
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('check.otherName')}
            value={choice.name}
            onChange={(e) => pick({ ...choice, name: e.currentTarget.value })}
            maxLength={120}
            data-autofocus
            error={tried && nameMissing ? t('check.otherNameRequired') : undefined}
            miw={200}
          />
          <TextInput
            label={t('check.otherRelationship')}
            value={choice.relationship}
            onChange={(e) => pick({ ...choice, relationship: e.currentTarget.value })}
            maxLength={60}
            miw={160}
          />
        </Group>
      )}
      {choice?.kind === 'other' && (
        <Text fz="sm" c="dimmed">
          {t('check.otherHint')}
        </Text>
      )}
      {asked && (
        <Stack gap="xs">
          <Radio.Group
            label={<span dir="auto">{healthQuestion}</span>}
            withAsterisk
            value={health}
            onChange={(v) => setHealth(v as 'yes' | 'no')}
            error={tried && !health ? dispersalMessage('healthRequired') : undefined}
          >
            <Group gap="lg" mt={6}>
              <Radio value="yes" label={t('check.healthYes')} />
              <Radio value="no" label={t('check.healthNo')} />
            </Group>
          </Radio.Group>
          {health === 'no' && (
            <Textarea
              label={t('check.healthNote')}
              description={t('check.healthNoteHint')}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              maxLength={500}
              autosize
              minRows={2}
            />
          )}
        </Stack>
      )}
    </FormModal>
  );
}
