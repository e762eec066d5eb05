import type { StatementRef } from '@cue/contract';
import { Badge, CloseButton, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACADEMIC_NS } from '../i18n';

interface StatementChipProps {
  statement: StatementRef;
  /** Given: the chip has a remove button (the picker's chosen list). */
  onRemove?: (id: string) => void;
  /** Show the framework's name (left out where one framework is obvious, e.g. the picker's tab). */
  withFramework?: boolean;
}

/**
 * One tagged curriculum statement: its code, its text cut to a line (the whole text in the tooltip and for
 * screen readers), its framework, and for an archived statement or an old wording a muted look and a badge.
 */
export function StatementChip({ statement: s, onRemove, withFramework = true }: StatementChipProps) {
  const { t } = useTranslation(ACADEMIC_NS);
  const old = s.archived;
  return (
    <Tooltip label={s.text} multiline maw={360} openDelay={300} events={{ hover: true, focus: false, touch: true }}>
      <Group
        gap={6}
        wrap="nowrap"
        role="listitem"
        data-testid="statement-chip"
        data-statement-id={s._id}
        data-archived={old ? 'true' : undefined}
        px={8}
        py={2}
        maw="100%"
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-xl)',
          background: old ? 'var(--mantine-color-default-hover)' : 'var(--mantine-color-body)',
          opacity: old ? 0.85 : 1,
          minWidth: 0,
        }}
      >
        <Text fz="xs" fw={700} ff="monospace" c={old ? 'dimmed' : 'cue.8'} style={{ flexShrink: 0 }} dir="ltr">
          {s.code}
        </Text>
        <Text
          fz="xs"
          c={old ? 'dimmed' : undefined}
          td={old ? 'line-through' : undefined}
          truncate="end"
          maw={{ base: 180, sm: 280 }}
          dir="auto"
          style={{ minWidth: 0 }}
        >
          {s.text}
        </Text>
        {withFramework && (
          <Text fz={10} c="dimmed" style={{ flexShrink: 0 }} visibleFrom="xs">
            {s.framework.name}
          </Text>
        )}
        {old && (
          <Badge size="xs" variant="outline" color="gray" tt="none" style={{ flexShrink: 0 }} data-testid="statement-archived">
            {s.version > 1 ? t('picker.archivedVersion', { version: s.version }) : t('picker.archived')}
          </Badge>
        )}
        {!old && s.version > 1 && (
          <Badge size="xs" variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
            {t('picker.version', { version: s.version })}
          </Badge>
        )}
        {onRemove && (
          <CloseButton
            size="xs"
            aria-label={t('picker.remove', { code: s.code })}
            onClick={() => onRemove(s._id)}
            data-testid="statement-chip-remove"
          />
        )}
      </Group>
    </Tooltip>
  );
}

/**
 * The curriculum statements a record is tagged with, read only (cards and detail views), or removable in the
 * picker. Nothing when there are none.
 */
export function StatementChips({
  statements,
  onRemove,
  withFramework = true,
  label,
}: {
  statements: StatementRef[];
  onRemove?: (id: string) => void;
  withFramework?: boolean;
  /** The list's accessible name (by default "Curriculum statements"). */
  label?: string;
}) {
  const { t } = useTranslation(ACADEMIC_NS);
  if (statements.length === 0) return null;
  return (
    <Group gap={6} role="list" aria-label={label ?? t('picker.listLabel')} data-testid="statement-chips" maw="100%">
      {statements.map((s) => (
        <StatementChip key={s._id} statement={s} onRemove={onRemove} withFramework={withFramework} />
      ))}
    </Group>
  );
}
