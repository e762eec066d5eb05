import { Badge, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../Cue.module.css';
import { CUE_NS } from '../i18n';
import type { ToolCallView } from '../stream';

export interface CardProps {
  call: ToolCallView;
  /** Children of the class by id, for names. */
  names: Map<string, string>;
  /** Saves the card with these arguments; true once saved. */
  onSave: (call: ToolCallView, args: Record<string, unknown>) => Promise<boolean>;
  /** The class the conversation is about (an attendance card compares itself with the day as saved). */
  classId?: string | null;
}

interface FrameProps {
  call: ToolCallView;
  icon: ReactNode;
  title: string;
  subtitle?: ReactNode;
  /** Shown at the end of the header (the saved state). */
  status?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId: string;
}

/** A tool card: pulsing while its arguments still stream, then the card with its actions. */
export function CardFrame({ call, icon, title, subtitle, status, actions, children, testId }: FrameProps) {
  const { t } = useTranslation(CUE_NS);
  const draft = !call.complete;
  return (
    <Card
      padding="md"
      className={draft ? classes.draft : undefined}
      data-testid={testId}
      data-state={draft ? 'draft' : call.saved ? 'saved' : 'ready'}
      aria-busy={draft}
      shadow="xs"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" radius="md" size={34} aria-hidden>
              {icon}
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text fw={700} lh={1.25}>
                {title}
              </Text>
              {subtitle && (
                <Text fz="sm" c="dimmed" component="div">
                  {subtitle}
                </Text>
              )}
            </div>
          </Group>
          {draft ? (
            <Badge variant="light" color="gray" tt="none">
              {t('card.draft')}
            </Badge>
          ) : (
            status
          )}
        </Group>
        {children}
        {!draft && !call.id && (
          <Text fz="sm" c="dimmed">
            {t('card.notSavable')}
          </Text>
        )}
        {actions && !draft && call.id && (
          <Group gap="xs" justify="flex-end" wrap="wrap">
            {actions}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** A child's name from the roster, else what the draft says, else a neutral label. */
export function nameOf(names: Map<string, string>, id: string, fallback: string): string {
  return names.get(id) ?? fallback;
}

/**
 * A card's saving: one save at a time (a second click while saving does nothing), and none once the
 * card is saved. `saving` names the action under way ('draft', 'send', ...).
 */
export function useSaving(call: ToolCallView) {
  const busy = useRef(false);
  const [saving, setSaving] = useState<string | null>(null);
  const run = async (action: string, save: () => Promise<boolean>): Promise<boolean> => {
    if (busy.current || call.saved || !call.complete || !call.id) return false;
    busy.current = true;
    setSaving(action);
    try {
      return await save();
    } finally {
      busy.current = false;
      setSaving(null);
    }
  };
  return { saving, run };
}

/** The "saved" mark of a card, in the card's own words. */
export function SavedBadge({ children }: { children: ReactNode }) {
  return (
    <Badge color="teal" variant="light" tt="none" leftSection={<IconCheck size={14} />}>
      {children}
    </Badge>
  );
}

/** Leaves edit mode and drops the edits. */
export function CancelEditButton({ onCancel, disabled }: { onCancel: () => void; disabled: boolean }) {
  const { t } = useTranslation(CUE_NS);
  return (
    <Button variant="default" leftSection={<IconX size={16} />} onClick={onCancel} disabled={disabled}>
      {t('card.cancel')}
    </Button>
  );
}

/**
 * The actions of a card that is edited in place and then saved: Cancel and Save while editing (the edits
 * dropped on Cancel), Edit (until saved) and Save otherwise.
 */
export function EditSaveActions({
  editing,
  setEditing,
  dropEdits,
  saved,
  locked,
  saveButton,
}: {
  editing: boolean;
  setEditing: (editing: boolean) => void;
  dropEdits: () => void;
  saved: boolean;
  locked: boolean;
  saveButton: ReactNode;
}) {
  const { t } = useTranslation(CUE_NS);
  return editing ? (
    <>
      <CancelEditButton
        onCancel={() => {
          dropEdits();
          setEditing(false);
        }}
        disabled={locked}
      />
      {saveButton}
    </>
  ) : (
    <>
      {!saved && (
        <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} disabled={locked}>
          {t('card.edit')}
        </Button>
      )}
      {saveButton}
    </>
  );
}
