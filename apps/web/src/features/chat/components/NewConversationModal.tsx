import { type ChatConversationRequest, chatConversationRequestSchema } from '@cue/contract';
import { Button, Modal, MultiSelect, Radio, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { formatClassName, fullName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { useClassDetail } from '../../admin/api';
import { useCurrentClass } from '../../shell/Selectors';
import { useShell } from '../../shell/ShellContext';
import { holds } from '../../shell/sections';
import { useOpenConversation, useStaffChoices } from '../api';
import { CHAT_NS, chatErrorText } from '../i18n';

type Kind = ChatConversationRequest['kind'];

interface Values extends Record<string, unknown> {
  kind: Kind;
  student_id: string | null;
  mode: 'two_way' | 'announcement';
  title: string;
  member_ids: string[];
}

/** Staff: a child's family of the current class, the class's channel, or a staff group. */
export function StaffNewConversation({ onClose, hrefOf }: { onClose: () => void; hrefOf: (id: string) => string }) {
  const { t } = useTranslation(CHAT_NS);
  const navigate = useNavigate();
  const { held } = useShell();
  const { current, schools } = useCurrentClass();
  const classId = current?.id ?? null;
  const detail = useClassDetail(classId);
  const open = useOpenConversation('staff');
  const school = schools.data?.find((s) => s.current);
  const form = useContractForm({
    schema: chatConversationRequestSchema,
    initialValues: { kind: 'family', student_id: null, mode: 'two_way', title: '', member_ids: [] } as Values,
    toBody: (v): ChatConversationRequest => {
      if (v.kind === 'family')
        return { kind: 'family', student_id: v.student_id ?? '', ...(classId ? { class_id: classId } : {}) };
      if (v.kind === 'channel') return { kind: 'channel', class_id: classId ?? '', mode: v.mode };
      return { kind: 'staff', title: v.title, member_ids: v.member_ids };
    },
    messages: {
      student_id: { required: t('new.childRequired'), custom: t('new.childRequired') },
      title: { required: t('new.titleRequired') },
      member_ids: { required: t('new.membersRequired'), custom: t('new.membersRequired') },
    },
  });
  const kind = form.values.kind;
  const staff = useStaffChoices(
    (school?.classes ?? []).map((c) => c.id),
    holds(held, 'admin_portal.staff'),
    kind === 'staff',
  );
  const children = (detail.data?.student_list ?? [])
    .map((s) => ({ value: s._id, label: fullName(s) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const submit = form.submitWith((body) => open.mutateAsync(body), {
    onSuccess: (answer) => {
      onClose();
      navigate(hrefOf((answer as { result: { _id: string } }).result._id));
    },
  });
  const className = current ? formatClassName(current.class_name).text : '';
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('new.title')}
      submitLabel={t('new.open')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <SegmentedControl
        fullWidth
        aria-label={t('new.kind')}
        data={[
          { value: 'family', label: t('new.family') },
          { value: 'channel', label: t('new.channel') },
          { value: 'staff', label: t('new.staffGroup') },
        ]}
        {...form.getInputProps('kind')}
      />
      {kind !== 'staff' && !classId && (
        <Text fz="sm" c="dimmed">
          {t('new.chooseClass')}
        </Text>
      )}
      {kind === 'family' && classId && (
        <Select
          label={t('new.child', { className })}
          placeholder={t('new.childPlaceholder')}
          data={children}
          searchable
          nothingFoundMessage={t('new.noChild')}
          disabled={detail.isPending}
          data-autofocus
          {...form.getInputProps('student_id')}
        />
      )}
      {kind === 'channel' && classId && (
        <Radio.Group label={t('new.mode', { className })} {...form.getInputProps('mode')}>
          <Stack gap={6} mt={6}>
            <Radio value="two_way" label={t('new.twoWay')} description={t('new.twoWayHint')} />
            <Radio value="announcement" label={t('new.announcement')} description={t('new.announcementHint')} />
          </Stack>
        </Radio.Group>
      )}
      {kind === 'staff' && (
        <>
          <TextInput label={t('new.groupTitle')} maxLength={120} data-autofocus {...form.getInputProps('title')} />
          <MultiSelect
            label={t('new.members')}
            placeholder={t('new.membersPlaceholder')}
            data={staff.choices}
            searchable
            nothingFoundMessage={t('new.noStaff')}
            disabled={staff.pending}
            {...form.getInputProps('member_ids')}
          />
        </>
      )}
    </FormModal>
  );
}

/** A family: a conversation with the class of each of their children. */
export function ParentNewConversation({ onClose, hrefOf }: { onClose: () => void; hrefOf: (id: string) => string }) {
  const { t } = useTranslation(CHAT_NS);
  const navigate = useNavigate();
  const { user } = useShell();
  const open = useOpenConversation('parent');
  const children = user.parent?.child_list ?? [];
  const start = (studentId: string) =>
    open.mutate(
      { kind: 'family', student_id: studentId },
      {
        onSuccess: (answer) => {
          onClose();
          navigate(hrefOf(answer.result._id));
        },
        onError: (err) => toast.error(chatErrorText(err)),
      },
    );
  return (
    <Modal opened onClose={onClose} title={t('new.title')} centered closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="sm">
        {children.length === 0 && <Text c="dimmed">{t('new.noChildren')}</Text>}
        {children.map((child) => (
          <Button
            key={child.id}
            variant="light"
            justify="flex-start"
            leftSection={<IconMessagePlus size={18} aria-hidden />}
            loading={open.isPending && open.variables?.kind === 'family' && open.variables.student_id === child.id}
            onClick={() => start(child.id)}
          >
            {t('new.messageClass', { name: child.first_name })}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}
