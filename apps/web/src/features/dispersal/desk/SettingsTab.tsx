import type { DispersalSettings, Kiosk } from '@cue/contract';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCopy, IconDeviceTablet, IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { fullName } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { errorText, toast } from '../../../lib/notify';
import { ltr, showDay } from '../../planning/planFormat';
import { useCreateKiosk, useDispersalSettings, useKiosks, useRevokeKiosk, useSaveSettings } from '../api-desk';
import { HHMM, timeOf } from '../components/checks';
import { PairingQr } from '../components/PairingQr';
import { Loaded } from '../components/States';
import { DISPERSAL_NS, dispersalMessage } from '../i18n';

const whenOf = (iso: string) => `${showDay(dayjs(iso).format('YYYY-MM-DD'), currentLanguage())} ${ltr(timeOf(iso))}`;

/** The school's rules of drop-off and pick-up, as a form saved at once. */
function SettingsForm({ settings }: { settings: DispersalSettings }) {
  const { t } = useTranslation(DISPERSAL_NS);
  const save = useSaveSettings();
  const [asking, setAsking] = useState(settings.health_question !== null);
  const [question, setQuestion] = useState(settings.health_question ?? '');
  const [lateAfter, setLateAfter] = useState<number | string>(settings.late_after_minutes);
  const [closingMode, setClosingMode] = useState<'fixed' | 'class'>(settings.closing_time ? 'fixed' : 'class');
  const [closing, setClosing] = useState(settings.closing_time ?? '');
  const [grace, setGrace] = useState<number | string>(settings.late_pickup_grace_minutes);
  const [notify, setNotify] = useState(settings.notify_families);
  const [mark, setMark] = useState(settings.mark_attendance);
  const [tried, setTried] = useState(false);
  const questionBad = asking && !question.trim();
  const closingBad = closingMode === 'fixed' && !HHMM.test(closing);
  const lateBad = typeof lateAfter !== 'number';
  const graceBad = typeof grace !== 'number';
  const submit = () => {
    setTried(true);
    if (questionBad || closingBad || lateBad || graceBad) return;
    save.mutate(
      {
        health_question: asking ? question.trim() : null,
        late_after_minutes: lateAfter as number,
        closing_time: closingMode === 'fixed' ? closing : null,
        late_pickup_grace_minutes: grace as number,
        notify_families: notify,
        mark_attendance: mark,
      },
      { onSuccess: () => toast.success(dispersalMessage('settingsSaved')), onError: (err) => toast.error(errorText(err)) },
    );
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md" maw={560}>
        <Title order={2} fz="lg">
          {t('settings.title')}
        </Title>
        <Switch label={t('settings.askHealth')} checked={asking} onChange={(e) => setAsking(e.currentTarget.checked)} />
        {asking && (
          <Textarea
            label={t('settings.healthQuestion')}
            description={t('settings.healthQuestionHint')}
            value={question}
            onChange={(e) => setQuestion(e.currentTarget.value)}
            // The school writes it in its own language, whatever the reader's.
            dir="auto"
            maxLength={300}
            autosize
            minRows={2}
            withAsterisk
            error={tried && questionBad ? t('settings.healthQuestionRequired') : undefined}
          />
        )}
        <NumberInput
          label={t('settings.lateAfter')}
          description={t('settings.lateAfterHint')}
          value={lateAfter}
          onChange={setLateAfter}
          min={0}
          max={180}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          error={tried && lateBad ? t('settings.numberRequired') : undefined}
          maw={360}
        />
        <Radio.Group label={t('settings.closing')} value={closingMode} onChange={(v) => setClosingMode(v as 'fixed' | 'class')}>
          <Stack gap={6} mt={6}>
            <Radio value="class" label={t('settings.closingClass')} />
            <Radio value="fixed" label={t('settings.closingFixed')} />
          </Stack>
        </Radio.Group>
        {closingMode === 'fixed' && (
          <TextInput
            type="time"
            label={t('settings.closingTime')}
            value={closing}
            onChange={(e) => setClosing(e.currentTarget.value.slice(0, 5))}
            dir="ltr"
            withAsterisk
            error={tried && closingBad ? t('settings.closingTimeRequired') : undefined}
            maw={360}
          />
        )}
        <NumberInput
          label={t('settings.grace')}
          description={t('settings.graceHint')}
          value={grace}
          onChange={setGrace}
          min={0}
          max={120}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          error={tried && graceBad ? t('settings.numberRequired') : undefined}
          maw={360}
        />
        <Switch
          label={t('settings.notifyFamilies')}
          description={t('settings.notifyFamiliesHint')}
          checked={notify}
          onChange={(e) => setNotify(e.currentTarget.checked)}
        />
        <Switch
          label={t('settings.markAttendance')}
          description={t('settings.markAttendanceHint')}
          checked={mark}
          onChange={(e) => setMark(e.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A kiosk just added: its pairing link and QR code, shown this once (only its hash is kept). */
function PairingModal({ kiosk, onClose }: { kiosk: { name: string; pair_url: string }; onClose: () => void }) {
  const { t } = useTranslation(DISPERSAL_NS);
  // The tablet scanning the code is another device: the link must carry this app's address.
  const link = new URL(kiosk.pair_url, window.location.origin).href;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('kiosks.pairTitle', { name: kiosk.name })}
      submitLabel=""
      onSubmit={onClose}
      readOnly
      size="md"
    >
      <Alert color="yellow" variant="light">
        {t('kiosks.pairOnce')}
      </Alert>
      <Group justify="center">
        <PairingQr text={link} label={t('kiosks.qrAlt', { name: kiosk.name })} />
      </Group>
      <Code block dir="ltr" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="kiosk-pair-url">
        {link}
      </Code>
      <CopyButton value={link} timeout={2000}>
        {({ copied, copy }) => (
          <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
            {copied ? t('kiosks.copied') : t('kiosks.copy')}
          </Button>
        )}
      </CopyButton>
    </FormModal>
  );
}

/** The school's kiosks: who added each and when it was last used; add one (its link shown once) or remove it. */
function Kiosks() {
  const { t } = useTranslation(DISPERSAL_NS);
  const list = useKiosks();
  const create = useCreateKiosk();
  const revoke = useRevokeKiosk();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const [paired, setPaired] = useState<{ name: string; pair_url: string } | null>(null);
  const [removing, setRemoving] = useState<Kiosk | null>(null);
  const add = () => {
    setTried(true);
    if (!name.trim()) return;
    create.mutate(name.trim(), {
      onSuccess: (answer) => {
        toast.success(dispersalMessage('kioskCreated'));
        setAdding(false);
        setName('');
        setTried(false);
        setPaired({ name: answer.result.name, pair_url: answer.result.pair_url });
      },
    });
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} fz="lg">
            {t('kiosks.title')}
          </Title>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t('kiosks.add')}
          </Button>
        </Group>
        <Loaded error={list.error} data={list.data} h={120} retry={() => void list.refetch()}>
          {(kiosks) =>
            kiosks.length === 0 ? (
              <Alert color="gray" variant="light" icon={<IconDeviceTablet size={20} aria-hidden />} data-testid="kiosks-empty">
                {t('kiosks.empty')}
              </Alert>
            ) : (
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing="sm" data-testid="kiosks">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('kiosks.name')}</Table.Th>
                      <Table.Th>{t('kiosks.addedBy')}</Table.Th>
                      <Table.Th>{t('kiosks.lastSeen')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('kiosks.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {kiosks.map((kiosk) => (
                      <Table.Tr key={kiosk.id}>
                        <Table.Td fw={600}>{kiosk.name}</Table.Td>
                        <Table.Td>
                          <Text fz="sm">{kiosk.created_by ? fullName(kiosk.created_by) : '—'}</Text>
                          <Text fz="xs" c="dimmed">
                            {whenOf(kiosk.created_at)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm">{kiosk.last_seen_at ? whenOf(kiosk.last_seen_at) : t('kiosks.never')}</Text>
                        </Table.Td>
                        <Table.Td ta="end">
                          <Button
                            variant="subtle"
                            color="red"
                            size="xs"
                            leftSection={<IconTrash size={14} aria-hidden />}
                            aria-label={t('kiosks.removeNamed', { name: kiosk.name })}
                            onClick={() => setRemoving(kiosk)}
                          >
                            {t('kiosks.remove')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </Loaded>
      </Stack>
      <FormModal
        opened={adding}
        onClose={() => setAdding(false)}
        title={t('kiosks.addTitle')}
        submitLabel={t('kiosks.addSubmit')}
        onSubmit={add}
        pending={create.isPending}
        error={create.error ? errorText(create.error) : null}
        size="md"
      >
        <TextInput
          label={t('kiosks.name')}
          description={t('kiosks.nameHint')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={60}
          withAsterisk
          data-autofocus
          error={tried && !name.trim() ? t('kiosks.nameRequired') : undefined}
        />
      </FormModal>
      {paired && <PairingModal kiosk={paired} onClose={() => setPaired(null)} />}
      {removing && (
        <ConfirmModal
          opened
          onClose={() => setRemoving(null)}
          title={t('kiosks.removeTitle')}
          message={t('kiosks.removeBody', { name: removing.name })}
          confirmLabel={t('kiosks.remove')}
          pending={revoke.isPending}
          onConfirm={() =>
            revoke.mutate(removing.id, {
              onSuccess: () => {
                toast.success(dispersalMessage('kioskRevoked'));
                setRemoving(null);
              },
              onError: (err) => toast.error(errorText(err)),
            })
          }
        />
      )}
    </Paper>
  );
}

/** Settings (the school's rules) and kiosks: for drop-off and pick-up's admins. */
export function SettingsTab() {
  const settings = useDispersalSettings();
  return (
    <Stack gap="lg">
      <Loaded error={settings.error} data={settings.data} h={360} retry={() => void settings.refetch()}>
        {(s) => <SettingsForm settings={s} />}
      </Loaded>
      <Kiosks />
    </Stack>
  );
}
