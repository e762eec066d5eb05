import { CUE_MESSAGES, ERROR_CODES } from '@cue/contract';
import type { Scope } from '../platform/auth/scope.js';
import type { Config } from '../platform/config.js';
import { AppError } from '../platform/errors.js';
import type { UploadedFile } from '../platform/http/upload.js';

/** Whether a school sends the assistant's work to the external model (the chat assistant's switch). */
export interface ExternalSwitch {
  usesExternal(auth: Scope): Promise<boolean>;
}

/**
 * Captions and transcription through the configured OpenAI-compatible endpoint: only when the server
 * has the model AND the caller's school switched the external provider on (the same switch as the chat
 * assistant). Otherwise children's photos and voices never leave the server: there is no local caption
 * or transcription engine, so the answer is an honest refusal with its code (409, never a request out).
 */
export class AiMedia {
  constructor(
    private readonly config: Config,
    private readonly external: ExternalSwitch,
  ) {}

  /** The server has a caption model (a school still has to switch the external provider on). */
  get captions(): boolean {
    return !!(this.config.LLM_BASE_URL && this.config.LLM_VISION_MODEL);
  }

  get transcription(): boolean {
    return !!(this.config.LLM_BASE_URL && this.config.LLM_TRANSCRIBE_MODEL);
  }

  /** What the caller's school may use now. */
  async capabilities(auth: Scope): Promise<{ captions: boolean; transcription: boolean }> {
    const on = (this.captions || this.transcription) && auth.kind === 'staff' && (await this.external.usesExternal(auth));
    return { captions: on && this.captions, transcription: on && this.transcription };
  }

  /** Refuses unless the model exists and the school opted in to the external provider. */
  private async allow(auth: Scope, kind: 'captions' | 'transcription'): Promise<void> {
    if (!this[kind])
      throw kind === 'captions'
        ? new AppError(409, CUE_MESSAGES.noCaptionModel, ERROR_CODES.noCaptionModel)
        : new AppError(409, CUE_MESSAGES.noTranscription, ERROR_CODES.noTranscription);
    if (!(await this.external.usesExternal(auth)))
      throw new AppError(409, CUE_MESSAGES.externalProviderOff, ERROR_CODES.externalProviderOff);
  }

  private headers(): Record<string, string> {
    return this.config.LLM_API_KEY ? { authorization: `Bearer ${this.config.LLM_API_KEY}` } : {};
  }

  /** One image's caption, from an absolute or app-relative image address. */
  async caption(auth: Scope, imageUrl: string): Promise<string> {
    await this.allow(auth, 'captions');
    const response = await fetch(`${this.config.LLM_BASE_URL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.headers() },
      body: JSON.stringify({
        model: this.config.LLM_VISION_MODEL,
        messages: [
          {
            role: 'user',
            content: [
              {
                type: 'text',
                text: 'Describe this photo from an early-years classroom in one short sentence. Do not name anyone.',
              },
              { type: 'image_url', image_url: { url: imageUrl } },
            ],
          },
        ],
      }),
      signal: AbortSignal.timeout(60_000),
    });
    if (!response.ok) throw new AppError(502, `The caption model answered ${response.status}`, ERROR_CODES.captionFailed);
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
    return body.choices?.[0]?.message?.content?.trim() ?? '';
  }

  /** Speech to text of a recorded command. */
  async transcribe(auth: Scope, upload: () => Promise<UploadedFile>): Promise<string> {
    // Checked before the recording is even read.
    await this.allow(auth, 'transcription');
    const file = await upload();
    const form = new FormData();
    form.append('model', this.config.LLM_TRANSCRIBE_MODEL as string);
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.mimetype }), file.filename || 'command.webm');
    const response = await fetch(`${this.config.LLM_BASE_URL}/audio/transcriptions`, {
      method: 'POST',
      headers: this.headers(),
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
    if (!response.ok)
      throw new AppError(502, `The transcription engine answered ${response.status}`, ERROR_CODES.transcriptionFailed);
    const body = (await response.json()) as { text?: string };
    return (body.text ?? '').trim();
  }
}
