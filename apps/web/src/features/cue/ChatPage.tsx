import { Badge, Box, Button, Center, Drawer, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconHistory, IconPlus, IconSchool } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { fullName } from '../../lib/format';
import { errorText, toast } from '../../lib/notify';
import { Gate } from '../shell/pages/Gate';
import { useCurrentClass } from '../shell/Selectors';
import { useShell } from '../shell/ShellContext';
import { fetchConversation, savedCallsOf, useClassRoster } from './api';
import classes from './Cue.module.css';
import { Composer } from './components/Composer';
import { ConversationList } from './components/ConversationList';
import { SUGGESTIONS, Suggestions } from './components/Suggestions';
import { Thread } from './components/Thread';
import { CUE_NS } from './i18n';
import { useChat } from './useChat';

function ChatAssistant() {
  const { t } = useTranslation(CUE_NS);
  useDocumentTitle(t('pageTitle'));
  const { user } = useShell();
  const { schools, current } = useCurrentClass();
  const classId = current?.id ?? null;
  const staff = user.staff;
  const roster = useClassRoster(classId);
  const names = useMemo(() => new Map((roster.data?.student_list ?? []).map((s) => [s.id, fullName(s)] as const)), [roster.data]);
  const {
    state,
    send,
    act,
    save: onSave,
  } = useChat({
    classId,
    userId: staff?.id ?? null,
    userName: staff ? fullName(staff) : '',
  });
  const [text, setText] = useState('');
  const [reasoning, setReasoning] = useState(false);
  const [tools, setTools] = useState<string[]>([]);
  const [drawer, { open: openDrawer, close: closeDrawer }] = useDisclosure(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const busy = state.status !== 'idle';

  const onSend = () => {
    if (!send(text, { reasoning, requestedTools: tools })) return;
    setText('');
    setTools([]);
  };

  const onPick = (key: string, starter: string) => {
    setText(starter);
    setTools(SUGGESTIONS.find((s) => s.key === key)?.tools ?? []);
    requestAnimationFrame(() => {
      const el = input.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(starter.length, starter.length);
    });
  };

  const onNew = () => {
    act({ type: 'new' });
    setText('');
    setTools([]);
    closeDrawer();
    input.current?.focus();
  };

  const onOpen = async (id: string) => {
    closeDrawer();
    try {
      const detail = await fetchConversation(id);
      act({ type: 'open', conversationId: detail.id ?? id, messages: detail.messages ?? [], saved: savedCallsOf(detail) });
    } catch (err) {
      toast.error(err instanceof ApiError && err.status === 404 ? t('conversations.openFailed') : errorText(err));
    }
  };

  // Follow the answer as it grows.
  const last = state.entries.at(-1);
  const growth = `${state.entries.length}:${last?.text.length ?? 0}:${last?.toolCalls.map((c) => c.argsText.length).join(',')}:${state.status}`;
  useEffect(() => {
    if (growth && state.entries.length > 0) end.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
  }, [growth, state.entries.length]);

  if (schools.isPending) {
    return (
      <Center mih={240}>
        <Loader type="dots" />
      </Center>
    );
  }

  const list = (
    <ConversationList classId={classId} currentId={state.conversationId} onOpen={(id) => void onOpen(id)} onNew={onNew} />
  );
  const composer = (
    <Composer
      value={text}
      onChange={setText}
      onSend={onSend}
      reasoning={reasoning}
      onReasoning={setReasoning}
      busy={busy}
      disabled={!classId}
      inputRef={input}
    />
  );
  const toolbar = (
    <Group justify="space-between" gap="xs" w="100%" maw={820} mx="auto">
      {current ? (
        <Badge variant="light" size="lg" radius="sm" tt="none" leftSection={<IconSchool size={14} />} data-testid="cue-class">
          {current.class_name}
        </Badge>
      ) : (
        <span />
      )}
      <Group gap="xs">
        <Button variant="subtle" size="xs" leftSection={<IconHistory size={16} />} onClick={openDrawer} hiddenFrom="md">
          {t('conversations.title')}
        </Button>
        {state.entries.length > 0 && (
          <Button variant="subtle" size="xs" leftSection={<IconPlus size={16} />} onClick={onNew}>
            {t('conversations.new')}
          </Button>
        )}
      </Group>
    </Group>
  );

  return (
    <div className={classes.layout}>
      <Box component="aside" className={classes.aside} visibleFrom="md">
        {list}
      </Box>
      <Drawer opened={drawer} onClose={closeDrawer} title={t('conversations.title')} size="xs" position="left">
        {list}
      </Drawer>
      <section className={classes.main} aria-labelledby="cue-heading">
        {toolbar}
        {state.entries.length === 0 ? (
          <div className={classes.hero}>
            <Stack gap={6} align="center" ta="center">
              <Title order={1} id="cue-heading" fz={{ base: 26, sm: 32 }}>
                {t('heading')}
              </Title>
              <Text c="dimmed" maw={560}>
                {current ? t('intro', { className: current.class_name }) : t('messages.noClasses')}
              </Text>
            </Stack>
            {composer}
            <Suggestions onPick={onPick} />
          </div>
        ) : (
          <>
            <VisuallyHidden>
              <Title order={1} id="cue-heading">
                {t('heading')}
              </Title>
            </VisuallyHidden>
            <Thread
              entries={state.entries}
              status={state.status}
              names={names}
              onSave={onSave}
              classId={classId}
              onAnswer={(label, value) => send(label, { reasoning, requestedTools: [], answer: value })}
            />
            <div className={classes.composerDock}>{composer}</div>
            {/* After the docked composer: scrolling here shows the newest answer above it. */}
            <div ref={end} />
          </>
        )}
      </section>
    </div>
  );
}

/** /assistant: the chat assistant (staff). */
export default function ChatPage() {
  return (
    <Gate>
      <ChatAssistant />
    </Gate>
  );
}
