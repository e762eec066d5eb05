import { ROUTES } from '@cue/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiUpload } from '../../../lib/api';
import { getSocket } from '../../../lib/socket';
import { capabilitiesOf } from '../capabilities';

/** The browser's speech recognition, where it has one (Chromium: webkitSpeechRecognition). */
interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: ((event: { error?: string }) => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionConstructor = new () => Recognition;

const speechRecognition = (): RecognitionConstructor | null => {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
};

const canRecord = () =>
  typeof window !== 'undefined' && typeof window.MediaRecorder !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

const SPEECH_LANG: Record<string, string> = { en: 'en-IN', ar: 'ar', he: 'he-IL' };

/** How speech becomes text here: the browser, the server's transcription of a recording, or typing. */
export type ListeningEngine = 'browser' | 'server' | 'typing';

/**
 * Listening for a command: `start` begins, `stop` ends (a recording is then transcribed by the
 * server). Heard words are handed to `onHeard` added to what was there before.
 */
export function useListening(language: string, onHeard: (text: string) => void, onError: (message?: string) => void) {
  const [engine, setEngine] = useState<ListeningEngine>(() => (speechRecognition() ? 'browser' : 'typing'));
  const [listening, setListening] = useState(false);
  const [transcribing, setTranscribing] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const handlers = useRef({ onHeard, onError });
  handlers.current = { onHeard, onError };

  // Without the browser's recognition, a server with a transcription engine takes a recording.
  useEffect(() => {
    if (speechRecognition() || !canRecord()) return;
    let live = true;
    void capabilitiesOf(getSocket()).then((c) => {
      if (live && c.transcription) setEngine('server');
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(
    () => () => {
      recognition.current?.stop();
      if (recorder.current?.state === 'recording') recorder.current.stop();
    },
    [],
  );

  const start = useCallback(
    (before: string) => {
      if (engine === 'browser') {
        const Speech = speechRecognition();
        if (!Speech) return false;
        const r = new Speech();
        r.lang = SPEECH_LANG[language] ?? 'en-IN';
        r.interimResults = true;
        r.continuous = true;
        const base = before.trim();
        r.onresult = (event) => {
          const heard = Array.from(event.results)
            .map((result) => result[0]?.transcript ?? '')
            .join('')
            .trim();
          handlers.current.onHeard(base && heard ? `${base} ${heard}` : base || heard);
        };
        r.onend = () => setListening(false);
        r.onerror = (event) => {
          setListening(false);
          // No microphone, no permission or no recognition service: typing remains.
          if (event.error && event.error !== 'no-speech' && event.error !== 'aborted') {
            setEngine('typing');
            handlers.current.onError();
          }
        };
        recognition.current = r;
        try {
          r.start();
          setListening(true);
          return true;
        } catch {
          setEngine('typing');
          return false;
        }
      }
      if (engine === 'server') {
        const base = before.trim();
        void navigator.mediaDevices.getUserMedia({ audio: true }).then(
          (stream) => {
            const chunks: Blob[] = [];
            const rec = new MediaRecorder(stream);
            rec.ondataavailable = (event) => {
              if (event.data.size > 0) chunks.push(event.data);
            };
            rec.onstop = () => {
              for (const track of stream.getTracks()) track.stop();
              setListening(false);
              if (chunks.length === 0) return;
              const audio = new Blob(chunks, { type: rec.mimeType || 'audio/webm' });
              const form = new FormData();
              form.append(ROUTES.cueTranscribe.upload, audio, `command.${audio.type.includes('ogg') ? 'ogg' : 'webm'}`);
              setTranscribing(true);
              apiUpload(ROUTES.cueTranscribe, form, { side: 'staff' })
                .then((answer) => {
                  const heard = answer.result.text.trim();
                  if (heard) handlers.current.onHeard(base ? `${base} ${heard}` : heard);
                })
                .catch((err: unknown) => handlers.current.onError(err instanceof Error ? err.message : undefined))
                .finally(() => setTranscribing(false));
            };
            recorder.current = rec;
            rec.start();
            setListening(true);
          },
          () => {
            setEngine('typing');
            handlers.current.onError();
          },
        );
        return true;
      }
      return false;
    },
    [engine, language],
  );

  const stop = useCallback(() => {
    recognition.current?.stop();
    recognition.current = null;
    if (recorder.current?.state === 'recording') recorder.current.stop();
    recorder.current = null;
    setListening(false);
  }, []);

  return { engine, listening, transcribing, start, stop };
}
