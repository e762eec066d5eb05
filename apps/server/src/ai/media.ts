import { CUE_MESSAGES, ERROR_CODES } from '@cue/contract';
import type { Config } from '../platform/config.js';
import { AppError } from '../platform/errors.js';
import type { UploadedFile } from '../platform/http/upload.js';

/** Captions and transcription through the configured OpenAI-compatible endpoint, when a school's server has one. */
export class AiMedia {
  constructor(private readonly config: Config) {}

  get captions(): boolean {
    return !!(this.config.LLM_BASE_URL && this.config.LLM_VISION_MODEL);
  }

  get transcription(): boolean {
    return !!(this.config.LLM_BASE_URL && this.config.LLM_TRANSCRIBE_MODEL);
  }

  private headers(): Record<string, string> {
    return this.config.LLM_API_KEY ? { authorization: `Bearer ${this.config.LLM_API_KEY}` } : {};
  }

  /** One image's caption, from an absolute or app-relative image address. */
  async caption(imageUrl: string): Promise<string> {
    if (!this.captions) throw new AppError(409, CUE_MESSAGES.noCaptionModel, ERROR_CODES.noCaptionModel);
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
  async transcribe(file: UploadedFile): Promise<string> {
    if (!this.transcription) throw new AppError(409, CUE_MESSAGES.noTranscription, ERROR_CODES.noTranscription);
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
