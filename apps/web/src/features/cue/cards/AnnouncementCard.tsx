import { Badge, Button, Group, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconCheck, IconPencil, IconSend, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notify';
import classes from '../Cue.module.css';
import { type AnnouncementDraft, formatWireDate, isFuture, readAnnouncement } from '../drafts';
import { CUE_NS } from '../i18n';
import { CancelEditButton, CardFrame, type CardProps, SavedBadge, useSaving } from './CardFrame';

/** Rich text from a model shows as its words. */
const plain = (html: string): string =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** draft_announcement: Edit, Cancel, Save As Draft and Send (or schedule, when it is for later). */
export function AnnouncementCard({ call, onSave }: CardProps) {
  const { t, i18n } = useTranslation(CUE_NS);
  const drafted = readAnnouncement(call.args);
  const [edited, setEdited] = useState<AnnouncementDraft | null>(null);
  const [editing, setEditing] = useState(false);
  const { saving, run } = useSaving(call);
  const a = call.saved ? drafted : (edited ?? drafted);
  const locked = call.saved || saving !== null;
  const scheduled = a.schedule_later && isFuture(a.date, a.time);

  const save = (asDraft: boolean) =>
    run(asDraft ? 'draft' : 'send', async () => {
      const args = { ...call.args, ...a, save_as_draft: asDraft };
      const ok = await onSave(call, args);
      if (ok) {
        toast.success(
          asDraft
            ? t('messages.announcementDraft')
            : scheduled
              ? t('messages.announcementScheduled')
              : t('messages.announcementSent'),
        );
        setEditing(false);
      }
      return ok;
    });

  // Once saved, the card says how: as a draft, scheduled or sent.
  const savedAs = a.save_as_draft ? 'draft' : scheduled ? 'scheduled' : 'sent';
  const draftLabel =
    call.saved && savedAs === 'draft'
      ? t('messages.savedDraft')
      : saving === 'draft'
        ? t('messages.savingDraft')
        : t('announcement.saveAsDraft');
  const sendLabel =
    call.saved && savedAs !== 'draft'
      ? t(savedAs === 'scheduled' ? 'announcement.scheduled' : 'announcement.sent')
      : saving === 'send'
        ? t('announcement.sending')
        : t('announcement.send');
  const set = (patch: Partial<AnnouncementDraft>) => setEdited({ ...a, ...patch });

  return (
    <CardFrame
      call={call}
      testId="cue-card-announcement"
      icon={<IconSpeakerphone size={20} />}
      title={t('announcement.title')}
      subtitle={
        a.schedule_later && a.date && a.time
          ? t('announcement.scheduleFor', { date: formatWireDate(a.date, i18n.language), time: a.time })
          : undefined
      }
      status={
        <Group gap={6}>
          {(a.save_as_draft || (call.saved && savedAs === 'draft')) && (
            <Badge variant="light" color="gray" tt="none">
              {t('announcement.draftBadge')}
            </Badge>
          )}
          {scheduled && (
            <Badge variant="light" color="orange" tt="none">
              {t('announcement.scheduledBadge')}
            </Badge>
          )}
          {call.saved && <SavedBadge>{t('card.saved')}</SavedBadge>}
        </Group>
      }
      actions={
        <>
          {editing ? (
            <CancelEditButton
              onCancel={() => {
                setEdited(null);
                setEditing(false);
              }}
              disabled={locked}
            />
          ) : (
            !call.saved && (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} disabled={locked}>
                {t('card.edit')}
              </Button>
            )
          )}
          {(!call.saved || savedAs === 'draft') && (
            <Button
              variant="light"
              onClick={() => void save(true)}
              disabled={call.saved}
              aria-busy={saving === 'draft'}
              leftSection={call.saved ? <IconCheck size={16} /> : undefined}
            >
              {draftLabel}
            </Button>
          )}
          {(!call.saved || savedAs !== 'draft') && (
            <Button
              onClick={() => void save(false)}
              disabled={call.saved || !a.title.trim()}
              aria-busy={saving === 'send'}
              leftSection={call.saved ? <IconCheck size={16} /> : <IconSend size={16} />}
            >
              {sendLabel}
            </Button>
          )}
        </>
      }
    >
      {editing && !call.saved ? (
        <Stack gap="sm">
          <TextInput
            label={t('announcement.titleLabel')}
            value={a.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
            maxLength={200}
            disabled={locked}
          />
          <Textarea
            label={t('announcement.summaryLabel')}
            value={plain(a.summary)}
            onChange={(e) => set({ summary: e.currentTarget.value })}
            autosize
            minRows={3}
            disabled={locked}
          />
          <Switch
            label={t('announcement.sendEmail')}
            checked={a.send_email}
            onChange={(e) => set({ send_email: e.currentTarget.checked })}
            disabled={locked}
          />
        </Stack>
      ) : (
        <Stack gap={6}>
          <Text fw={600} data-testid="cue-announcement-title" className={classes.bidi}>
            {a.title || t('announcement.untitled')}
          </Text>
          {a.summary && (
            <Text fz="sm" className={classes.summary}>
              {plain(a.summary)}
            </Text>
          )}
          <Text fz="xs" c="dimmed">
            {t('announcement.shareWith')}: {a.share_with === 'Classes' ? t('announcement.classes') : t('announcement.everyone')}
            {a.send_email ? ` · ${t('announcement.sendEmail')}` : ''}
          </Text>
        </Stack>
      )}
    </CardFrame>
  );
}
