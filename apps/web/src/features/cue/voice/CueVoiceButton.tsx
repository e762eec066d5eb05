import { ActionIcon, Alert, Box, Button, Group, Popover, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconAlertTriangle, IconMicrophone, IconPlayerPauseFilled, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { getSocket } from '../../../lib/socket';
import { CUE_NS } from '../i18n';
import { isoDay, missingValuesMessage, taskPayload } from '../tasks/request';
import { requestTaskPanel } from '../tasks/store';
import { staffToken, useCueContext } from '../tasks/useCueContext';
import { sendTask } from './send';
import { CueTour, tourSeen } from './Tour';
import { useListening } from './useListening';
import classes from './Voice.module.css';

/** The voice command's states (spec section 4): idle, active (listening), paused. */
export type VoiceState = 'idle' | 'active' | 'paused';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Cue's button in the top bar. A click cycles idle → active (listening) → paused → active; the words
 * heard (or typed) show in an editable box and go to Cue only when Send is pressed.
 */
export default function CueVoiceButton() {
  const { t } = useTranslation(CUE_NS);
  const who = useCueContext();
  const [params] = useSearchParams();
  const [state, setState] = useState<VoiceState>('idle');
  const [command, setCommand] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [touring, setTouring] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const language = currentLanguage();
  const listening = useListening(language, setCommand, (text) => {
    setState((s) => (s === 'active' ? 'paused' : s));
    if (text) toast.error(text);
  });

  const focusBox = () => requestAnimationFrame(() => box.current?.focus());

  const activate = () => {
    setState('active');
    setFailed(null);
    if (!listening.start(command)) focusBox();
  };
  const pause = () => {
    listening.stop();
    setState('paused');
    focusBox();
  };
  const close = () => {
    listening.stop();
    setState('idle');
    setFailed(null);
    setTouring(false);
  };

  // Escape closes the box wherever the focus is (the button keeps it while listening).
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape' && state !== 'idle') close();
  });

  const onButton = () => {
    if (state === 'idle') {
      if (!tourSeen()) {
        setTouring(true);
        setState('paused');
        return;
      }
      activate();
    } else if (state === 'active') pause();
    else activate();
  };

  // The command's day: the date the page shows (attendance's ?date=), else today.
  const asked = params.get('date');
  const today = isoDay();
  const date = asked && ISO_DAY.test(asked) && asked <= today ? asked : today;

  const send = async () => {
    if (sending) return;
    const missing = missingValuesMessage({ classId: who.classId, userId: who.userId, command }, t('voice.missingValues'));
    if (missing) {
      toast.error(missing);
      return;
    }
    listening.stop();
    setSending(true);
    const payload = taskPayload({
      classId: who.classId as string,
      command,
      date,
      ageGroup: who.ageGroup,
      token: staffToken(),
      userId: who.userId as string,
      userName: who.userName,
      language,
    });
    const sent = await sendTask(getSocket(), 'cue-command', payload);
    setSending(false);
    if (!sent.ok) {
      setFailed(t('voice.failed'));
      setState('paused');
      return;
    }
    toast.info(t('voice.sent'));
    requestTaskPanel();
    setCommand('');
    setFailed(null);
    setState('idle');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const label = state === 'active' ? t('voice.pause') : state === 'paused' ? t('voice.resume') : t('voice.start');
  const status = listening.transcribing
    ? t('voice.transcribing')
    : state === 'active'
      ? listening.engine === 'typing'
        ? t('voice.typeInstead')
        : t('voice.listening')
      : t('voice.paused');

  return (
    <Popover
      opened={state !== 'idle'}
      onChange={(opened) => {
        if (!opened) close();
      }}
      position="bottom-end"
      width={360}
      shadow="lg"
      radius="md"
      withArrow
      trapFocus={false}
      returnFocus
      closeOnEscape
    >
      <Popover.Target>
        <Tooltip label={label} disabled={state !== 'idle'}>
          <ActionIcon
            variant={state === 'idle' ? 'gradient' : 'filled'}
            gradient={{ from: 'cue.5', to: 'cue.8', deg: 135 }}
            color={state === 'active' ? 'red' : 'orange'}
            size={38}
            radius="xl"
            aria-label={`${t('voice.label')}: ${label}`}
            aria-expanded={state !== 'idle'}
            className={state === 'active' ? classes.live : undefined}
            data-testid="cue-button"
            data-state={state}
            onClick={onButton}
          >
            {state === 'active' ? <IconPlayerPauseFilled size={18} aria-hidden /> : <IconMicrophone size={20} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="cue-voice" aria-label={t('voice.label')} role="dialog">
        {touring ? (
          <CueTour
            onDone={() => {
              setTouring(false);
              activate();
            }}
          />
        ) : (
          <Stack gap="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={8} wrap="nowrap">
                <span className={classes.dot} data-live={state === 'active' && listening.listening} aria-hidden />
                <Text fz="sm" fw={600} role="status" data-testid="cue-voice-status">
                  {status}
                </Text>
              </Group>
              {who.className && (
                <Text fz="xs" c="dimmed" truncate="end" maw={140}>
                  {who.className}
                </Text>
              )}
            </Group>
            <Textarea
              ref={box}
              label={t('voice.commandLabel')}
              description={t('voice.commandHint')}
              placeholder={t('voice.placeholder')}
              value={command}
              onChange={(event) => setCommand(event.currentTarget.value)}
              onKeyDown={onKeyDown}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={4000}
              data-testid="cue-command"
              dir="auto"
            />
            {failed && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle size={18} aria-hidden />}
                title={failed}
                data-testid="cue-voice-failure"
                role="alert"
              >
                <Group gap="xs" mt={4}>
                  <Button size="compact-sm" color="red" onClick={() => void send()} loading={sending}>
                    {t('voice.retry')}
                  </Button>
                  <Button size="compact-sm" variant="subtle" color="gray" onClick={() => setFailed(null)}>
                    {t('voice.dismiss')}
                  </Button>
                </Group>
              </Alert>
            )}
            <Group justify="space-between" gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={
                  state === 'active' ? <IconPlayerPauseFilled size={14} aria-hidden /> : <IconMicrophone size={14} aria-hidden />
                }
                onClick={state === 'active' ? pause : activate}
                disabled={listening.engine === 'typing' && state !== 'active'}
                data-testid="cue-voice-toggle"
              >
                {state === 'active' ? t('voice.pause') : t('voice.resume')}
              </Button>
              <Group gap="xs">
                <Button size="xs" variant="subtle" color="gray" onClick={close}>
                  {t('voice.cancel')}
                </Button>
                <Button
                  size="xs"
                  leftSection={<IconSend size={14} aria-hidden />}
                  onClick={() => void send()}
                  loading={sending}
                  data-testid="cue-send-command"
                >
                  {t('voice.send')}
                </Button>
              </Group>
            </Group>
            {listening.engine === 'typing' && (
              <Box>
                <Text fz="xs" c="dimmed">
                  {t('voice.noSpeech')}
                </Text>
              </Box>
            )}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
