import { CUE_EVENTS, CUE_MESSAGES } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { type AckEmitter, capabilitiesOf, fetchCapabilities, readCapabilities, requestCaption } from './capabilities';

/** A socket that answers each event with what `answers` says (or never, for a timeout). */
function fakeSocket(answers: Record<string, unknown>): AckEmitter & { sent: [string, unknown][] } {
  const sent: [string, unknown][] = [];
  return {
    connected: true,
    sent,
    timeout: () => ({
      emit(event, payload, ack) {
        sent.push([event, payload]);
        if (event in answers) queueMicrotask(() => ack(null, answers[event]));
        else queueMicrotask(() => ack(new Error('operation has timed out'), undefined));
      },
    }),
  };
}

describe('cue capabilities and captions', () => {
  it('reads what the server can do, neither when it does not say', () => {
    expect(readCapabilities({ captions: true, transcription: false })).toEqual({ captions: true, transcription: false });
    expect(readCapabilities(null)).toEqual({ captions: false, transcription: false });
  });

  it('asks once per connection and again after an unanswered question', async () => {
    const socket = fakeSocket({ [CUE_EVENTS.capabilities]: { captions: true, transcription: true } });
    expect(await capabilitiesOf(socket)).toEqual({ captions: true, transcription: true });
    await capabilitiesOf(socket);
    expect(socket.sent.filter(([e]) => e === CUE_EVENTS.capabilities)).toHaveLength(1);

    const silent = fakeSocket({});
    expect(await capabilitiesOf(silent)).toEqual({ captions: false, transcription: false });
    await capabilitiesOf(silent);
    expect(silent.sent).toHaveLength(2);
    expect(await fetchCapabilities(null)).toEqual({ captions: false, transcription: false });
  });

  it("returns a picture's caption and throws the server's error", async () => {
    const ok = fakeSocket({ [CUE_EVENTS.imageCaption]: { caption: 'Children painting at the easel' } });
    expect(await requestCaption(ok, '/media/1.jpg')).toBe('Children painting at the easel');
    expect(ok.sent[0]).toEqual([CUE_EVENTS.imageCaption, { image_url: '/media/1.jpg' }]);
    const none = fakeSocket({ [CUE_EVENTS.imageCaption]: { error: CUE_MESSAGES.noCaptionModel } });
    await expect(requestCaption(none, '/media/1.jpg')).rejects.toThrow(CUE_MESSAGES.noCaptionModel);
  });
});
