import type { classQuestionArgsSchema } from '@cue/contract';
import type { z } from 'zod';
import * as engine from '../engine/engine.js';

export type QuestionArgs = z.infer<typeof classQuestionArgsSchema>;
type Detect = (text: string, ctx: engine.EngineContext) => QuestionArgs | null;

/** A read-only question over the class's records ("who was absent this week?"), or null for anything else. */
export function detectQuestion(text: string, ctx: engine.EngineContext): QuestionArgs | null {
  const detect = (engine as unknown as { question?: Detect }).question;
  return detect ? detect(text, ctx) : null;
}
