import type { CurriculumArea, StatementRef } from '@cue/contract';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Input,
  Modal,
  ScrollArea,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconListCheck, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/notify';
import { ACADEMIC_NS } from '../i18n';
import { useClassCurriculum } from './api';
import { StatementChips } from './StatementChips';
import { chosenIn, chosenRefs, countStatements, filterAreas, keptOutsideTree, liveRefs, toggleStatement } from './statementTree';

export interface StatementPickerProps {
  /** The class whose frameworks the statements come from. */
  classId: string;
  /** The chosen statements' ids. */
  value: string[];
  onChange: (ids: string[]) => void;
  /** What the record is already tagged with (its `statements`): archived ones and old wordings stay until removed. */
  existing?: StatementRef[];
  disabled?: boolean;
  /** The field's label (by default "Curriculum statements"). */
  label?: ReactNode;
  description?: ReactNode;
  /** The field's refusal (a server's `statement_ids` error). */
  error?: ReactNode;
}

const STOP = 'data-mantine-stop-propagation';

/**
 * Escape closes the picker alone. The picker is often opened from a form that is itself a modal, and every
 * open modal closes on Escape unless the key's target says otherwise: while the picker is open, what takes
 * focus is marked so (the marks are removed when it closes), and the picker closes itself on the key.
 */
function useOwnEscape(opened: boolean, close: () => void) {
  useEffect(() => {
    if (!opened) return;
    const marked = new Set<Element>();
    const mark = (target: EventTarget | null) => {
      if (!(target instanceof Element) || target.hasAttribute(STOP)) return;
      target.setAttribute(STOP, 'true');
      marked.add(target);
    };
    mark(document.body);
    mark(document.activeElement);
    const onFocus = (event: FocusEvent) => mark(event.target);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.isComposing) close();
    };
    window.addEventListener('focusin', onFocus, true);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('focusin', onFocus, true);
      window.removeEventListener('keydown', onKey);
      for (const element of marked) element.removeAttribute(STOP);
    };
  }, [opened, close]);
}

/** No tagged statements (one array, so the memoised lists stay put between renders). */
const NONE: StatementRef[] = [];

/** One framework's areas → aspects → statements, each statement a checkbox named "<code> <text>". */
function FrameworkTree({
  areas,
  chosen,
  onToggle,
  searching,
}: {
  areas: CurriculumArea[];
  chosen: Set<string>;
  onToggle: (id: string, on: boolean) => void;
  searching: boolean;
}) {
  const { t } = useTranslation(ACADEMIC_NS);
  // Closed by default (a framework has hundreds of statements); a search opens what it found.
  const [open, setOpen] = useState<string[]>([]);
  const shown = searching ? areas.map((a) => a._id) : open;
  if (areas.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        {searching ? t('picker.noMatch') : t('picker.emptyFramework')}
      </Text>
    );
  return (
    <Accordion multiple value={shown} onChange={searching ? undefined : setOpen} variant="separated" chevronPosition="left">
      {areas.map((area) => {
        const picked = area.aspects.reduce((n, a) => n + a.statements.filter((s) => chosen.has(s._id)).length, 0);
        return (
          <Accordion.Item key={area._id} value={area._id} data-testid="picker-area">
            <Accordion.Control>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                {/* The code and the name side by side, each in its own direction (a framework's words may be in
                    another script than the page). */}
                <Group gap={6} wrap="nowrap" align="baseline" style={{ minWidth: 0 }}>
                  <Text span ff="monospace" fz="xs" c="dimmed" dir="ltr" style={{ flexShrink: 0 }}>
                    {area.code}
                  </Text>
                  <Text fw={600} fz="sm" dir="auto">
                    {area.name}
                  </Text>
                </Group>
                {picked > 0 && (
                  <Badge size="sm" variant="light" color="cue" style={{ flexShrink: 0 }}>
                    {t('picker.chosenCount', { count: picked })}
                  </Badge>
                )}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="md">
                {area.aspects.map((aspect) => (
                  <Stack key={aspect._id} gap={6} role="group" aria-label={`${aspect.code} ${aspect.name}`}>
                    <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
                      {aspect.name}
                    </Text>
                    {aspect.statements.map((s) => (
                      <Checkbox
                        key={s._id}
                        checked={chosen.has(s._id)}
                        onChange={(e) => onToggle(s._id, e.currentTarget.checked)}
                        aria-label={`${s.code} ${s.text}`}
                        data-testid="picker-statement"
                        label={
                          <Group component="span" gap={6} wrap="nowrap" align="baseline">
                            <Text span ff="monospace" fz="xs" fw={700} c="cue.8" dir="ltr" style={{ flexShrink: 0 }}>
                              {s.code}
                            </Text>
                            <Text span fz="sm" dir="auto">
                              {s.text}
                            </Text>
                          </Group>
                        }
                      />
                    ))}
                  </Stack>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}

/**
 * The curriculum statements a record is tagged with: a button ("Curriculum statements", with how many are
 * chosen) and the chosen ones as chips; the button opens a dialog with the class's frameworks (a tab each when
 * several) → areas → aspects → statements to tick, a search over codes and words, and the chosen ones as
 * removable chips. Already-tagged statements that are archived or an old wording are kept, marked, until
 * removed. The choice applies on "Done"; closing the dialog otherwise leaves the value as it was.
 */
export function StatementPicker({
  classId,
  value,
  onChange,
  existing = NONE,
  disabled,
  label,
  description,
  error,
}: StatementPickerProps) {
  const { t } = useTranslation(ACADEMIC_NS);
  const phone = useMediaQuery('(max-width: 36em)');
  const curriculum = useClassCurriculum(classId);
  const [opened, setOpened] = useState(false);
  const [close] = useState(() => () => setOpened(false));
  useOwnEscape(opened, close);
  const [draft, setDraft] = useState<string[]>(value);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 150);
  const frameworks = curriculum.data?.frameworks ?? [];
  const [tab, setTab] = useState<string | null>(null);
  const current = frameworks.find((f) => f._id === tab) ?? frameworks[0];

  const live = useMemo(() => liveRefs(curriculum.data), [curriculum.data]);
  const shownValue = useMemo(() => chosenRefs(value, live, existing), [value, live, existing]);
  const draftRefs = useMemo(() => chosenRefs(draft, live, existing), [draft, live, existing]);
  const kept = useMemo(() => keptOutsideTree(draft, live, existing), [draft, live, existing]);
  const chosen = useMemo(() => new Set(draft), [draft]);
  const filtered = useMemo(() => (current ? filterAreas(current.areas, query) : []), [current, query]);
  const searching = query.trim().length > 0;

  const open = () => {
    setDraft(value);
    setSearch('');
    setOpened(true);
  };
  const done = () => {
    onChange(draft);
    setOpened(false);
  };
  const toggle = (id: string, on: boolean) => setDraft((ids) => toggleStatement(ids, id, on));
  const fieldLabel = label ?? t('picker.label');

  const tree = (areas: CurriculumArea[]) => (
    <FrameworkTree areas={areas} chosen={chosen} onToggle={toggle} searching={searching} />
  );

  return (
    <Input.Wrapper label={fieldLabel} description={description ?? t('picker.hint')} error={error}>
      <Stack gap="xs" mt={6}>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconListCheck size={16} aria-hidden />}
            rightSection={
              value.length > 0 ? (
                <Badge size="sm" variant="filled" color="cue" circle aria-hidden>
                  {value.length}
                </Badge>
              ) : undefined
            }
            onClick={open}
            disabled={disabled}
            aria-label={value.length > 0 ? t('picker.openCount', { count: value.length }) : t('picker.open')}
            data-testid="statement-picker-open"
          >
            {t('picker.open')}
          </Button>
        </Group>
        <StatementChips
          statements={shownValue}
          onRemove={disabled ? undefined : (id) => onChange(toggleStatement(value, id, false))}
        />
      </Stack>
      <Modal
        opened={opened}
        onClose={close}
        closeOnEscape={false}
        title={t('picker.title')}
        size="xl"
        fullScreen={phone}
        zIndex={400}
        closeButtonProps={{ 'aria-label': t('picker.close') }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
        scrollAreaComponent={ScrollArea.Autosize}
      >
        <Stack gap="md" data-testid="statement-picker">
          <TextInput
            label={t('picker.search')}
            placeholder={t('picker.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-autofocus
            type="search"
          />
          <Stack gap={6}>
            <Text fz="sm" fw={600} aria-live="polite">
              {t('picker.chosenCount', { count: draft.length })}
            </Text>
            {draftRefs.length > 0 ? (
              <StatementChips statements={draftRefs} onRemove={(id) => toggle(id, false)} label={t('picker.chosenLabel')} />
            ) : (
              <Text fz="sm" c="dimmed">
                {t('picker.noneChosen')}
              </Text>
            )}
            {kept.length > 0 && (
              <Text fz="xs" c="dimmed">
                {t('picker.keptHint')}
              </Text>
            )}
          </Stack>
          {curriculum.isError && !curriculum.data ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              <Group justify="space-between" gap="sm">
                <span>{errorText(curriculum.error)}</span>
                <Button size="xs" variant="default" onClick={() => void curriculum.refetch()}>
                  {t('picker.retry')}
                </Button>
              </Group>
            </Alert>
          ) : !curriculum.data ? (
            <Stack gap="xs" aria-label={t('picker.loading')} aria-busy>
              <Skeleton h={44} radius="md" />
              <Skeleton h={44} radius="md" />
              <Skeleton h={44} radius="md" />
            </Stack>
          ) : frameworks.length === 0 ? (
            <Alert color="gray" variant="light">
              {t('picker.noFramework')}
            </Alert>
          ) : frameworks.length === 1 ? (
            <Stack gap="xs">
              <Text fz="sm" c="dimmed">
                {t('picker.found', { count: countStatements(filtered), framework: current?.name ?? '' })}
              </Text>
              {tree(filtered)}
            </Stack>
          ) : (
            <Tabs value={current?._id ?? null} onChange={setTab} keepMounted={false}>
              <Tabs.List>
                {frameworks.map((f) => {
                  const n = chosenIn(f, draft);
                  return (
                    <Tabs.Tab
                      key={f._id}
                      value={f._id}
                      rightSection={
                        n > 0 ? (
                          <Badge size="xs" variant="light" color="cue" circle>
                            {n}
                          </Badge>
                        ) : undefined
                      }
                    >
                      {f.name}
                    </Tabs.Tab>
                  );
                })}
              </Tabs.List>
              {frameworks.map((f) => (
                <Tabs.Panel key={f._id} value={f._id} pt="sm">
                  <Stack gap="xs">
                    <Text fz="sm" c="dimmed">
                      {t('picker.found', { count: countStatements(filtered), framework: f.name })}
                    </Text>
                    {tree(filtered)}
                  </Stack>
                </Tabs.Panel>
              ))}
            </Tabs>
          )}
          <Group justify="flex-end" gap="sm" pos="sticky" bottom={0} py="xs" bg="var(--mantine-color-body)" style={{ zIndex: 1 }}>
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('picker.cancel')}
            </Button>
            <Button onClick={done} data-testid="statement-picker-done">
              {t('picker.done')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Input.Wrapper>
  );
}
