import { ActionIcon, Group, Switch, Textarea, Tooltip } from '@mantine/core';
import { IconArrowUp, IconMicrophone, IconPlayerStopFilled } from '@tabler/icons-react';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../Cue.module.css';
import { CUE_NS } from '../i18n';

/** The browser's speech recognition, where it has one (Chromium: webkitSpeechRecognition). */
interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionConstructor = new () => Recognition;

const speechRecognition = (): RecognitionConstructor | null => {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
};

const SPEECH_LANG: Record<string, string> = { en: 'en-IN', ar: 'ar', he: 'he-IL' };

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  reasoning: boolean;
  onReasoning: (value: boolean) => void;
  /** Loading or streaming: the text can be written, not sent. */
  busy: boolean;
  disabled?: boolean;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
}

/** The text box with Reasoning, the microphone and Send. Enter sends; Shift+Enter starts a new line. */
export function Composer({ value, onChange, onSend, reasoning, onReasoning, busy, disabled = false, inputRef }: ComposerProps) {
  const { t, i18n } = useTranslation(CUE_NS);
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const Speech = speechRecognition();
  const canSend = !busy && !disabled && value.trim().length > 0;

  useEffect(() => () => recognition.current?.stop(), []);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSend();
  };

  const toggleMic = () => {
    if (!Speech) return;
    if (listening) {
      recognition.current?.stop();
      return;
    }
    const r = new Speech();
    r.lang = SPEECH_LANG[i18n.language] ?? 'en-IN';
    r.interimResults = true;
    r.continuous = false;
    const before = value.trim();
    r.onresult = (event) => {
      const heard = Array.from(event.results)
        .map((result) => result[0]?.transcript ?? '')
        .join('');
      onChange(before ? `${before} ${heard}` : heard);
    };
    r.onend = () => setListening(false);
    r.onerror = () => setListening(false);
    recognition.current = r;
    setListening(true);
    r.start();
  };

  const micLabel = !Speech ? t('composer.micUnavailable') : listening ? t('composer.micStop') : t('composer.micStart');

  return (
    <div className={classes.composer}>
      <Textarea
        ref={inputRef}
        classNames={{ root: classes.input }}
        aria-label={t('composer.label')}
        placeholder={listening ? t('composer.listening') : t('composer.placeholder')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={4000}
        disabled={disabled}
        data-testid="cue-input"
      />
      <Group justify="space-between" gap="xs" mt={6} wrap="nowrap">
        <Tooltip label={t('composer.reasoningHint')}>
          <Switch
            size="sm"
            label={t('composer.reasoning')}
            checked={reasoning}
            onChange={(event) => onReasoning(event.currentTarget.checked)}
          />
        </Tooltip>
        <Group gap={8} wrap="nowrap">
          <Tooltip label={micLabel}>
            {/* A disabled button gets no pointer events: the wrapper keeps its tooltip reachable. */}
            <span>
              <ActionIcon
                size={38}
                radius="xl"
                variant={listening ? 'filled' : 'light'}
                color={listening ? 'red' : 'cue'}
                aria-label={micLabel}
                aria-pressed={listening}
                disabled={!Speech || disabled}
                onClick={toggleMic}
                data-testid="cue-mic"
              >
                {listening ? <IconPlayerStopFilled size={18} /> : <IconMicrophone size={20} />}
              </ActionIcon>
            </span>
          </Tooltip>
          <ActionIcon
            size={38}
            radius="xl"
            variant="filled"
            aria-label={t('composer.send')}
            // Not disabled while busy or empty: the click is simply ignored (spec section 5), and focus stays put.
            aria-disabled={!canSend}
            data-ready={canSend}
            style={{ opacity: canSend ? 1 : 0.45 }}
            onClick={onSend}
            data-testid="cue-send"
          >
            <IconArrowUp size={20} />
          </ActionIcon>
        </Group>
      </Group>
    </div>
  );
}
