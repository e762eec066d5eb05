import {
  CHAT_BODY_MAX,
  CHAT_REPORT_REASON_MAX,
  type ConversationMessage,
  chatEditSchema,
  chatReportRequestSchema,
} from '@cue/contract';
import { Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { toast } from '../../../lib/notify';
import { toastThen } from '../../../lib/saved';
import type { Side } from '../../../lib/session';
import { useDeleteMessage, useEditMessage, useReportMessage } from '../api';
import { CHAT_NS, chatErrorText, chatMessage } from '../i18n';

/** Changes one's own message (the server refuses after 15 minutes: EDIT_WINDOW_PASSED, said in the reader's language). */
export function EditMessageModal({ side, message, onClose }: { side: Side; message: ConversationMessage; onClose: () => void }) {
  const { t } = useTranslation(CHAT_NS);
  const edit = useEditMessage(side);
  const form = useContractForm({
    schema: chatEditSchema,
    initialValues: { body: message.body },
    messages: { body: { required: t('edit.required') } },
  });
  const submit = form.submitWith((body) => edit.mutateAsync({ id: message._id, body: body.body }), {
    onSuccess: toastThen(chatMessage('edited'), onClose),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('edit.title')}
      submitLabel={t('edit.save')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <Textarea
        label={t('composer.label')}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={CHAT_BODY_MAX}
        data-autofocus
        {...form.getInputProps('body')}
      />
    </FormModal>
  );
}

/** A family or a member of staff tells the school about another's message, with a reason. */
export function ReportMessageModal({
  side,
  message,
  onClose,
}: {
  side: Side;
  message: ConversationMessage;
  onClose: () => void;
}) {
  const { t } = useTranslation(CHAT_NS);
  const report = useReportMessage(side);
  const form = useContractForm({
    schema: chatReportRequestSchema,
    initialValues: { reason: '' },
    messages: { reason: { required: t('report.required') } },
  });
  const submit = form.submitWith((body) => report.mutateAsync({ id: message._id, reason: body.reason }), {
    onSuccess: toastThen(chatMessage('reported'), onClose),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('report.title')}
      submitLabel={t('report.send')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <Text fz="sm" c="dimmed" lineClamp={3}>
        {message.sender.name}: {message.body}
      </Text>
      <Textarea
        label={t('report.reason')}
        description={t('report.reasonHint')}
        autosize
        minRows={3}
        maxLength={CHAT_REPORT_REASON_MAX}
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </FormModal>
  );
}

/** Deletes a message for everyone (the school's safeguarding record keeps it). */
export function DeleteMessageModal({
  side,
  message,
  onClose,
}: {
  side: Side;
  message: ConversationMessage;
  onClose: () => void;
}) {
  const { t } = useTranslation(CHAT_NS);
  const remove = useDeleteMessage(side);
  return (
    <ConfirmModal
      opened
      onClose={onClose}
      title={t('delete.title')}
      message={<Text fz="sm">{t('delete.body')}</Text>}
      confirmLabel={t('delete.confirm')}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(message._id, {
          onSuccess: toastThen(chatMessage('deleted'), onClose),
          onError: (err) => toast.error(chatErrorText(err)),
        })
      }
    />
  );
}
