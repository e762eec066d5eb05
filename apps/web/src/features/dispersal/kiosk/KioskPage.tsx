import { type DispersalEvent, type KioskFamily, LANGUAGES, type Language } from '@cue/contract';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Checkbox,
  Container,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBackspace,
  IconCircleCheck,
  IconId,
  IconLogin2,
  IconLogout2,
  IconUserQuestion,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScanField } from '../../../components/ScanField';
import { fullName, initials } from '../../../lib/format';
import { chooseLanguage, currentLanguage } from '../../../lib/i18n';
import { errorText } from '../../../lib/notify';
import { ltr } from '../../planning/planFormat';
import {
  adultFor,
  eligibleChildren,
  isTooManyAttempts,
  isUnpaired,
  type KioskChild,
  kioskCheck,
  kioskLookup,
  kioskSession,
  kioskStaff,
  needsStaff,
  pairTokenFrom,
  pressDigit,
  readKioskToken,
  saveKioskToken,
  sharedCollectors,
  typedCodeKind,
} from '../api-kiosk';
import { KIOSK_NS } from '../i18n';

type Mode = 'in' | 'out';
/** What the keypad is for: a family's drop-off or pick-up, or a member of staff's own check-in or out. */
type CodeMode = Mode | 'staff';
type StaffCheck = NonNullable<Awaited<ReturnType<typeof kioskStaff>>['result']>;
type Step =
  | { name: 'home' }
  | { name: 'code'; mode: CodeMode }
  | { name: 'staffDone'; check: StaffCheck }
  | { name: 'children'; mode: Mode; code: string; family: KioskFamily }
  | { name: 'done'; mode: Mode; events: DispersalEvent[] }
  | { name: 'staff'; reason: string };

/** How long the success screen stays, and how long an abandoned screen waits before going home. */
const DONE_MS = 6_000;
const STAFF_MS = 20_000;
const IDLE_MS = 90_000;
/** A kiosk allows 5 wrong codes a minute: after that the keypad waits this long. */
const LOCKED_SECONDS = 60;
const TOUCH = 64;

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية', he: 'עברית' };

const time = (iso: string) => ltr(dayjs(iso).format('hh:mm A'));

/**
 * A pairing link opened on the tablet (`/kiosk#pair=<token>`): the token is kept on the device and
 * the fragment taken off the address at once, so it is neither bookmarked nor shown on screen.
 */
function tokenFromAddress(): string | null {
  const hash = window.location.hash;
  if (!hash.includes('pair=')) return readKioskToken();
  const token = pairTokenFrom(hash);
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  if (token) saveKioskToken(token);
  return token ?? readKioskToken();
}

/**
 * The kiosk (/kiosk): a shared tablet at the school's door, outside the signed-in app. A family types
 * its 4-digit code (or shows its QR code), a one-time pick-up person their 6-digit code; they choose
 * the children, answer the health question at drop-off or say who collects at pick-up, and the
 * children are checked in or out. Every screen goes back home on its own, leaving no one's data shown.
 */
export default function KioskPage() {
  const [token, setToken] = useState<string | null>(tokenFromAddress);
  // The school stopped knowing this tablet while it was in use: the pairing screen says so.
  const [revoked, setRevoked] = useState(false);
  const session = useQuery({
    queryKey: ['kiosk', 'session', token],
    queryFn: ({ signal }) => kioskSession(token ?? '', signal),
    enabled: !!token,
    retry: (count, err) => !isUnpaired(err) && count < 2,
    // Read again now and then: the school's name, logo and health question follow its settings.
    refetchInterval: 10 * 60_000,
  });
  const unpaired = isUnpaired(session.error);
  useEffect(() => {
    // The school removed this kiosk (or never knew the token): the tablet forgets it.
    if (unpaired) saveKioskToken(null);
  }, [unpaired]);

  const pair = (next: string) => {
    saveKioskToken(next);
    setRevoked(false);
    setToken(next);
  };

  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)" data-testid="kiosk">
      <Container size={1100} py="md" px={{ base: 'sm', sm: 'lg' }}>
        {!token || unpaired ? (
          <NotPaired onPair={pair} refused={unpaired || revoked} />
        ) : session.data ? (
          <Kiosk
            token={token}
            session={session.data}
            onUnpaired={() => {
              setRevoked(true);
              setToken(null);
            }}
          />
        ) : session.isError ? (
          <Stack align="center" gap="md" py="xl">
            <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={errorText(session.error)} />
            <Button size="lg" h={TOUCH} onClick={() => void session.refetch()}>
              <KioskText k="retry" />
            </Button>
          </Stack>
        ) : (
          <Text ta="center" py="xl" fz="xl" aria-busy="true">
            <KioskText k="loading" />
          </Text>
        )}
      </Container>
    </Box>
  );
}

/** A sentence of the kiosk's catalog where a component has no `t` of its own. */
function KioskText({ k }: { k: 'retry' | 'loading' }) {
  const { t } = useTranslation(KIOSK_NS);
  return <>{k === 'retry' ? t('retry') : t('loading')}</>;
}

function Languages() {
  const { t } = useTranslation(KIOSK_NS);
  const current = currentLanguage();
  return (
    <Group gap={6} role="group" aria-label={t('language')}>
      {LANGUAGES.map((lng) => (
        <Button
          key={lng}
          size="md"
          h={56}
          variant={lng === current ? 'filled' : 'default'}
          aria-pressed={lng === current}
          lang={lng}
          onClick={() => void chooseLanguage(lng)}
        >
          {LANGUAGE_NAMES[lng]}
        </Button>
      ))}
    </Group>
  );
}

function NotPaired({ onPair, refused }: { onPair: (token: string) => void; refused: boolean }) {
  const { t } = useTranslation(KIOSK_NS);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const token = pairTokenFrom(value);
    if (!token) {
      setError(t('pair.notALink'));
      return;
    }
    setValue('');
    setError(null);
    onPair(token);
  };
  return (
    <Stack gap="lg" maw={640} mx="auto" py="xl" data-testid="kiosk-not-paired">
      <Group justify="flex-end">
        <Languages />
      </Group>
      <Title order={1}>{t('pair.title')}</Title>
      {refused && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />}>
          {t('pair.refused')}
        </Alert>
      )}
      <Text fz="lg">{t('pair.how')}</Text>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            size="lg"
            label={t('pair.field')}
            description={t('pair.fieldHint')}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
          />
          <Button type="submit" size="lg" h={TOUCH}>
            {t('pair.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

type Session = Awaited<ReturnType<typeof kioskSession>>;

/** Goes home after `ms` without a touch or a key (and at once when `ms` passes on a screen with no one). */
function useIdleReset(active: boolean, ms: number, reset: () => void) {
  useEffect(() => {
    if (!active) return;
    let timer = window.setTimeout(reset, ms);
    const again = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(reset, ms);
    };
    window.addEventListener('pointerdown', again);
    window.addEventListener('keydown', again);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pointerdown', again);
      window.removeEventListener('keydown', again);
    };
  }, [active, ms, reset]);
}

function Kiosk({ token, session, onUnpaired }: { token: string; session: Session; onUnpaired: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'home' });
  const home = useCallback(() => setStep({ name: 'home' }), []);
  useIdleReset(step.name === 'code' || step.name === 'children', IDLE_MS, home);
  useIdleReset(step.name === 'done' || step.name === 'staffDone', DONE_MS, home);
  useIdleReset(step.name === 'staff', STAFF_MS, home);
  const refused = (err: unknown): boolean => {
    if (!isUnpaired(err)) return false;
    saveKioskToken(null);
    onUnpaired();
    return true;
  };

  return (
    <Stack gap="lg">
      <Header session={session} />
      {step.name === 'home' && <Home staff={session.staff_attendance} onChoose={(mode) => setStep({ name: 'code', mode })} />}
      {step.name === 'code' && (
        <CodeStep
          key={step.mode}
          token={token}
          mode={step.mode}
          onBack={home}
          onFamily={(code, family) => step.mode !== 'staff' && setStep({ name: 'children', mode: step.mode, code, family })}
          onStaffCheck={(check) => setStep({ name: 'staffDone', check })}
          onUnpaired={refused}
        />
      )}
      {step.name === 'staffDone' && <StaffDone check={step.check} onHome={home} />}
      {step.name === 'children' && (
        <ChildrenStep
          token={token}
          mode={step.mode}
          code={step.code}
          family={step.family}
          healthQuestion={session.health_question}
          onCancel={home}
          onDone={(events) => setStep({ name: 'done', mode: step.mode, events })}
          onStaff={(reason) => setStep({ name: 'staff', reason })}
          onUnpaired={refused}
        />
      )}
      {step.name === 'done' && <Done mode={step.mode} events={step.events} onHome={home} />}
      {step.name === 'staff' && <SeeStaff reason={step.reason} onHome={home} />}
    </Stack>
  );
}

function useClock(): string {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 10_000);
    return () => window.clearInterval(timer);
  }, []);
  return dayjs(now).format('hh:mm A');
}

function Header({ session }: { session: Session }) {
  const { t } = useTranslation(KIOSK_NS);
  const clock = useClock();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" component="header">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {session.school.logo && <Image src={session.school.logo} alt="" h={56} w="auto" fit="contain" />}
        <Stack gap={0} miw={0}>
          <Text fw={700} fz="xl" truncate>
            <bdi>{session.school.name}</bdi>
          </Text>
          <Text c="dimmed" fz="sm" truncate>
            {t('kioskName', { name: session.kiosk.name })}
          </Text>
        </Stack>
      </Group>
      <Group gap="md" wrap="wrap">
        <Text fz={28} fw={700} aria-label={t('clock')} dir="ltr" data-testid="kiosk-clock">
          {clock}
        </Text>
        <Languages />
      </Group>
    </Group>
  );
}

function Home({ staff, onChoose }: { staff: boolean; onChoose: (mode: CodeMode) => void }) {
  const { t } = useTranslation(KIOSK_NS);
  return (
    <Stack gap="lg" py="md">
      <Title order={1} ta="center">
        {t('home.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <BigChoice
          color="teal"
          icon={<IconLogin2 size={48} aria-hidden />}
          onClick={() => onChoose('in')}
          testId="kiosk-drop-off"
        >
          {t('home.dropOff')}
        </BigChoice>
        <BigChoice
          color="indigo"
          icon={<IconLogout2 size={48} aria-hidden />}
          onClick={() => onChoose('out')}
          testId="kiosk-pick-up"
        >
          {t('home.pickUp')}
        </BigChoice>
      </SimpleGrid>
      <Text ta="center" c="dimmed" fz="lg">
        {t('home.hint')}
      </Text>
      {staff && (
        <Button
          variant="default"
          size="lg"
          h={TOUCH}
          leftSection={<IconId size={24} aria-hidden />}
          onClick={() => onChoose('staff')}
          data-testid="kiosk-staff"
          style={{ alignSelf: 'center' }}
        >
          {t('home.staff')}
        </Button>
      )}
    </Stack>
  );
}

function BigChoice({
  color,
  icon,
  onClick,
  testId,
  children,
}: {
  color: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      color={color}
      h={{ base: 120, sm: 200 }}
      radius="lg"
      fz={32}
      onClick={onClick}
      data-testid={testId}
      styles={{ label: { flexDirection: 'column', gap: 12, whiteSpace: 'normal' } }}
    >
      {icon}
      {children}
    </Button>
  );
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

function CodeStep({
  token,
  mode,
  onBack,
  onFamily,
  onStaffCheck,
  onUnpaired,
}: {
  token: string;
  mode: CodeMode;
  onBack: () => void;
  onFamily: (code: string, family: KioskFamily) => void;
  onStaffCheck: (check: StaffCheck) => void;
  onUnpaired: (err: unknown) => boolean;
}) {
  const { t } = useTranslation(KIOSK_NS);
  const [digits, setDigits] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const secondsLeft = useCountdown(lockedUntil);
  const locked = secondsLeft > 0;
  const lookup = useMutation({
    mutationFn: async (code: string) =>
      mode === 'staff'
        ? ({ kind: 'staff', staff: (await kioskStaff(token, code)).result as StaffCheck } as const)
        : ({ kind: 'family', family: await kioskLookup(token, code) } as const),
    onSuccess: (found, code) => (found.kind === 'staff' ? onStaffCheck(found.staff) : onFamily(code, found.family)),
    onError: (err) => {
      // A wrong code never stays on the keypad: the next person starts from nothing.
      setDigits('');
      if (onUnpaired(err)) return;
      if (isTooManyAttempts(err)) setLockedUntil(Date.now() + LOCKED_SECONDS * 1000);
      setError(errorText(err));
    },
  });
  const busy = lookup.isPending || locked;

  const submit = useCallback(
    (code: string) => {
      if (busy) return;
      setError(null);
      lookup.mutate(code);
    },
    [busy, lookup],
  );
  const press = useCallback(
    (key: string) => {
      if (busy) return;
      setError(null);
      if (key === 'back') setDigits((d) => d.slice(0, -1));
      else if (key === 'clear') setDigits('');
      else if (key === 'ok') {
        if (mode === 'staff' ? /^\d{6}$/.test(digits) : typedCodeKind(digits)) submit(digits);
        else setError(mode === 'staff' ? t('code.lengthStaff') : t('code.length'));
      } else setDigits((d) => pressDigit(d, key));
    },
    [busy, digits, mode, submit, t],
  );

  // A physical keyboard types on the keypad too (not while the QR field has the focus: it is the scanner's).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (/^\d$/.test(event.key)) press(event.key);
      else if (event.key === 'Backspace') press('back');
      else if (event.key === 'Escape') press('clear');
      else if (event.key === 'Enter' || event.key === 'NumpadEnter') press('ok');
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [press]);

  const keyButton = (key: string, label: ReactNode, name: string, color?: string) => (
    <Button
      key={key}
      h={72}
      fz={30}
      radius="md"
      variant={color ? 'filled' : 'default'}
      color={color}
      onClick={() => press(key)}
      disabled={busy}
      aria-label={name}
      data-testid={`kiosk-key-${key}`}
    >
      {label}
    </Button>
  );

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {mode === 'staff' ? t('code.titleStaff') : mode === 'in' ? t('code.titleIn') : t('code.titleOut')}
          </Title>
          <Button variant="default" size="lg" h={TOUCH} onClick={onBack}>
            {t('back')}
          </Button>
        </Group>
        <Text fz="lg">{mode === 'staff' ? t('code.hintStaff') : t('code.hint')}</Text>
        <Paper
          withBorder
          radius="md"
          p="md"
          role="status"
          aria-label={t('code.typed', { count: digits.length })}
          data-testid="kiosk-code-display"
        >
          <Group justify="center" gap="md" dir="ltr" mih={48}>
            {/* The code is masked: others queue at the door. */}
            <Text fz={40} fw={700} lh={1} aria-hidden style={{ letterSpacing: '0.3em' }}>
              {'●'.repeat(digits.length)}
              <Text span inherit c="gray.4">
                {'○'.repeat(Math.max(0, (mode === 'staff' ? 6 : 4) - digits.length))}
              </Text>
            </Text>
          </Group>
        </Paper>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert" data-testid="kiosk-code-error">
            <Text fz="lg">{error}</Text>
            {locked && (
              <Text fz="lg" fw={700}>
                {t('code.wait', { count: secondsLeft })}
              </Text>
            )}
          </Alert>
        )}
      </Stack>
      <Stack gap="md">
        <SimpleGrid cols={3} spacing="sm" dir="ltr" role="group" aria-label={t('code.keypad')}>
          {KEYS.map((k) => keyButton(k, k, k))}
          {keyButton('back', <IconBackspace size={30} aria-hidden />, t('code.delete'))}
          {keyButton('0', '0', '0')}
          {keyButton('ok', t('code.ok'), t('code.ok'), 'teal')}
        </SimpleGrid>
        {mode !== 'staff' && (
          <ScanField
            ns={KIOSK_NS}
            formats="qr"
            size="xl"
            label={t('scan.label')}
            description={t('scan.hint')}
            onScan={submit}
            disabled={busy}
            testId="kiosk-scan"
          />
        )}
      </Stack>
    </SimpleGrid>
  );
}

/** Seconds left until `until` (0 once past), ticking each second. */
function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

function ChildPhoto({ child, size }: { child: KioskChild['student']; size: number }) {
  return (
    <Avatar src={child.student_profile_picture} size={size} radius="xl" color="coral" alt="" aria-hidden>
      {initials(child)}
    </Avatar>
  );
}

function ChildrenStep({
  token,
  mode,
  code,
  family,
  healthQuestion,
  onCancel,
  onDone,
  onStaff,
  onUnpaired,
}: {
  token: string;
  mode: Mode;
  code: string;
  family: KioskFamily;
  healthQuestion: string | null;
  onCancel: () => void;
  onDone: (events: DispersalEvent[]) => void;
  onStaff: (reason: string) => void;
  onUnpaired: (err: unknown) => boolean;
}) {
  const { t } = useTranslation(KIOSK_NS);
  const eligible = eligibleChildren(family, mode);
  const [chosen, setChosen] = useState<string[]>(() => eligible.map((c) => c.student.id));
  const [health, setHealth] = useState<boolean | null>(null);
  const [healthNote, setHealthNote] = useState('');
  // Who collects: 'me' (the code's adult), a collector's key, or 'other' (typed by name).
  const [collector, setCollector] = useState('me');
  const [otherName, setOtherName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosenChildren = eligible.filter((c) => chosen.includes(c.student.id));
  const collectors = mode === 'out' && family.kind === 'family' ? sharedCollectors(chosenChildren) : [];
  const keyOf = (c: (typeof collectors)[number]) => c.contact_id ?? c.parent_id ?? c.name;
  const asksHealth = mode === 'in' && !!healthQuestion;

  const check = useMutation({
    mutationFn: () => {
      const picked = collectors.find((c) => keyOf(c) === collector);
      const adult =
        collector === 'other' ? ({ kind: 'other', name: otherName.trim() } as const) : picked ? adultFor(picked) : undefined;
      return kioskCheck(token, mode, {
        code,
        student_ids: chosen,
        adult,
        ...(asksHealth
          ? { health_ok: health ?? undefined, health_note: health === false ? healthNote.trim() || null : null }
          : {}),
      });
    },
    onSuccess: (answer) => onDone(answer.result.events),
    onError: (err) => {
      if (onUnpaired(err)) return;
      if (needsStaff(err)) onStaff(errorText(err));
      else setError(errorText(err));
    },
  });

  const submit = () => {
    setError(null);
    if (!chosen.length) return setError(t('children.chooseOne'));
    if (asksHealth && health === null) return setError(t('health.answer'));
    if (collector === 'other' && !otherName.trim()) return setError(t('collect.nameNeeded'));
    check.mutate();
  };
  const toggle = (id: string) => setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('children.hello', { name: family.adult.name })}
        </Title>
        <Button variant="default" size="lg" h={TOUCH} onClick={onCancel}>
          {t('cancel')}
        </Button>
      </Group>
      <Text fz="xl">{mode === 'in' ? t('children.chooseIn') : t('children.chooseOut')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" role="group" aria-label={t('children.list')}>
        {family.children.map((child) => {
          const can = eligible.includes(child);
          const name = fullName(child.student);
          return (
            <Checkbox.Card
              key={child.student.id}
              checked={chosen.includes(child.student.id)}
              onClick={() => toggle(child.student.id)}
              disabled={!can}
              radius="lg"
              p="md"
              aria-label={name}
              data-testid="kiosk-child"
              style={{ opacity: can ? 1 : 0.6 }}
            >
              <Group wrap="nowrap" gap="md">
                <Checkbox.Indicator size="lg" disabled={!can} />
                <ChildPhoto child={child.student} size={72} />
                <Stack gap={2} miw={0}>
                  <Text fz="xl" fw={700}>
                    <bdi>{name}</bdi>
                  </Text>
                  <Text c="dimmed">
                    <bdi>{child.class_name}</bdi>
                  </Text>
                  <Text fw={600} c={child.status === 'in' ? 'teal' : 'dimmed'}>
                    {child.status === 'in' ? t('status.in') : child.status === 'out' ? t('status.out') : t('status.notArrived')}
                  </Text>
                </Stack>
              </Group>
            </Checkbox.Card>
          );
        })}
      </SimpleGrid>
      {eligible.length === 0 && (
        <Alert color="gray" variant="light" data-testid="kiosk-nothing">
          <Text fz="lg">{mode === 'in' ? t('children.noneIn') : t('children.noneOut')}</Text>
        </Alert>
      )}

      {asksHealth && eligible.length > 0 && (
        <Paper withBorder radius="lg" p="md">
          <Stack gap="sm" role="group" aria-label={t('health.title')}>
            <Text fz="xl" fw={700}>
              <bdi>{healthQuestion}</bdi>
            </Text>
            <Group grow>
              <Button
                h={TOUCH}
                fz="lg"
                color="teal"
                variant={health === true ? 'filled' : 'default'}
                aria-pressed={health === true}
                onClick={() => setHealth(true)}
              >
                {t('health.yes')}
              </Button>
              <Button
                h={TOUCH}
                fz="lg"
                color="orange"
                variant={health === false ? 'filled' : 'default'}
                aria-pressed={health === false}
                onClick={() => setHealth(false)}
              >
                {t('health.no')}
              </Button>
            </Group>
            {health === false && (
              <Textarea
                size="lg"
                label={t('health.note')}
                value={healthNote}
                onChange={(e) => setHealthNote(e.currentTarget.value)}
                maxLength={500}
                autosize
                minRows={2}
              />
            )}
          </Stack>
        </Paper>
      )}

      {mode === 'out' && eligible.length > 0 && (
        <Paper withBorder radius="lg" p="md">
          <Stack gap="sm" role="radiogroup" aria-label={t('collect.title')}>
            <Text fz="xl" fw={700}>
              {t('collect.title')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              <CollectorChoice selected={collector === 'me'} onSelect={() => setCollector('me')} name={family.adult.name}>
                {t('collect.me')}
              </CollectorChoice>
              {collectors
                .filter((c) => !(c.kind === 'parent' && c.parent_id && c.parent_id === family.adult.parent_id))
                .map((c) => (
                  <CollectorChoice
                    key={keyOf(c)}
                    selected={collector === keyOf(c)}
                    onSelect={() => setCollector(keyOf(c))}
                    name={c.name}
                    photo={c.photo}
                  >
                    {c.relationship}
                  </CollectorChoice>
                ))}
              {family.kind === 'family' && (
                <CollectorChoice
                  selected={collector === 'other'}
                  onSelect={() => setCollector('other')}
                  name={t('collect.other')}
                  icon={<IconUserQuestion size={28} aria-hidden />}
                />
              )}
            </SimpleGrid>
            {collector === 'other' && (
              <TextInput
                size="lg"
                label={t('collect.otherName')}
                value={otherName}
                onChange={(e) => setOtherName(e.currentTarget.value)}
                maxLength={120}
                autoComplete="off"
              />
            )}
          </Stack>
        </Paper>
      )}

      {error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
          <Text fz="lg">{error}</Text>
        </Alert>
      )}
      {eligible.length > 0 && (
        <Button
          size="xl"
          h={80}
          fz={26}
          color={mode === 'in' ? 'teal' : 'indigo'}
          onClick={submit}
          loading={check.isPending}
          data-testid="kiosk-submit"
        >
          {mode === 'in' ? t('children.checkIn', { count: chosen.length }) : t('children.checkOut', { count: chosen.length })}
        </Button>
      )}
    </Stack>
  );
}

function CollectorChoice({
  selected,
  onSelect,
  name,
  photo,
  icon,
  children,
}: {
  selected: boolean;
  onSelect: () => void;
  name: string;
  photo?: string | null;
  /** Shown instead of the person's initials (someone not known yet). */
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <UnstyledButton
      role="radio"
      aria-checked={selected}
      onClick={onSelect}
      p="sm"
      mih={TOUCH}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: `2px solid ${selected ? 'var(--mantine-color-indigo-6)' : 'var(--mantine-color-gray-3)'}`,
        background: selected ? 'var(--mantine-color-indigo-0)' : 'var(--mantine-color-body)',
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <Avatar src={photo ?? null} size={56} radius="xl" color="indigo" alt="" aria-hidden>
          {icon ?? initials({ first_name: name, last_name: '' })}
        </Avatar>
        <Stack gap={0} miw={0}>
          <Text fz="lg" fw={700}>
            <bdi>{name}</bdi>
          </Text>
          {children && <Text c="dimmed">{children}</Text>}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

function Done({ mode, events, onHome }: { mode: Mode; events: DispersalEvent[]; onHome: () => void }) {
  const { t } = useTranslation(KIOSK_NS);
  return (
    // teal.9: white text on teal.7 is under 3:1, too pale for the screen's smaller lines.
    <Paper radius="lg" p="xl" bg="teal.9" c="white" role="status" data-testid="kiosk-done">
      <Stack align="center" gap="lg">
        <IconCircleCheck size={96} aria-hidden />
        {events.map((e) => (
          <Text key={e.id} fz={{ base: 26, sm: 36 }} fw={700} ta="center">
            {mode === 'in'
              ? t('done.in', { name: e.student.first_name, time: time(e.at) })
              : t('done.out', { name: e.student.first_name, time: time(e.at) })}
          </Text>
        ))}
        <Text fz="xl">{mode === 'in' ? t('done.byeIn') : t('done.byeOut')}</Text>
        <Button size="xl" h={TOUCH} variant="white" color="teal.9" onClick={onHome}>
          {t('done.finish')}
        </Button>
      </Stack>
    </Paper>
  );
}

function StaffDone({ check, onHome }: { check: StaffCheck; onHome: () => void }) {
  const { t } = useTranslation(KIOSK_NS);
  return (
    <Paper radius="lg" p="xl" bg="teal.9" c="white" role="status" data-testid="kiosk-staff-done" data-action={check.action}>
      <Stack align="center" gap="lg">
        <IconCircleCheck size={96} aria-hidden />
        <Text fz={{ base: 26, sm: 36 }} fw={700} ta="center">
          {check.action === 'in'
            ? t('staffDone.in', { name: check.staff.name, time: ltr(check.time) })
            : t('staffDone.out', { name: check.staff.name, time: ltr(check.time) })}
        </Text>
        {check.late_minutes ? <Text fz="xl">{t('staffDone.late', { count: check.late_minutes })}</Text> : null}
        <Button size="xl" h={TOUCH} variant="white" color="teal.9" onClick={onHome}>
          {t('done.finish')}
        </Button>
      </Stack>
    </Paper>
  );
}

function SeeStaff({ reason, onHome }: { reason: string; onHome: () => void }) {
  const { t } = useTranslation(KIOSK_NS);
  return (
    // red.9: white on orange is under 4.5:1 for the screen's smaller lines.
    <Paper radius="lg" p="xl" bg="red.9" c="white" role="alert" data-testid="kiosk-see-staff">
      <Stack align="center" gap="lg">
        <IconAlertTriangle size={96} aria-hidden />
        <Text fz={{ base: 30, sm: 44 }} fw={800} ta="center">
          {t('staff.title')}
        </Text>
        <Text fz="xl" ta="center">
          {reason}
        </Text>
        <Text fz="lg" ta="center">
          {t('staff.alerted')}
        </Text>
        <Button size="xl" h={TOUCH} variant="white" color="red.9" onClick={onHome}>
          {t('staff.again')}
        </Button>
      </Stack>
    </Paper>
  );
}
