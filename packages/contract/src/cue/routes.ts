import { z } from 'zod';
import { byIdSchema, envelope } from '../common.js';
import { routeTable } from '../route-def.js';
import {
  aiBlocksByScreenRequestSchema,
  aiOptionsRequestSchema,
  aiScreenBlocksRequestSchema,
  classAiBlocksSchema,
  classAiOptionsSchema,
  classScreenBlocksSchema,
  classScreenPromptsSchema,
  taskLogSchema,
  updateAiBlocksRequestSchema,
} from './schemas.js';

const configure = { permission: 'academic_setup.ai_configuration', feature: 'ai_prompt' } as const;

/** Cue: background tasks (state for a reload), speech to text, and each class's AI configuration. */
export const CUE_ROUTES = routeTable({
  cueTasks: { method: 'GET', path: '/api/cue/tasks/', access: 'staff', response: envelope(z.array(taskLogSchema)) },
  cueTranscribe: {
    method: 'POST',
    path: '/api/cue/transcribe',
    access: 'staff',
    upload: 'audio',
    response: envelope(z.object({ text: z.string() })),
  },
  classAiBlocks: {
    method: 'GET',
    path: '/api/fetch_class_all_ai_blocks/:id',
    access: 'staff',
    resource: 'class',
    params: byIdSchema,
    response: envelope(classAiBlocksSchema),
  },
  classAiOptions: {
    method: 'GET',
    path: '/api/class/configured_ai_options/:id',
    access: 'staff',
    resource: 'class',
    params: byIdSchema,
    response: envelope(classAiOptionsSchema),
  },
  classAiOptionsUpdate: {
    method: 'POST',
    path: '/api/class/configured_ai_options/:id',
    access: 'staff',
    resource: 'class',
    ...configure,
    params: byIdSchema,
    body: aiOptionsRequestSchema,
    response: envelope(classAiOptionsSchema),
  },
  classAiBlocksByScreen: {
    method: 'POST',
    path: '/api/class-ai-blocks-by-screen-name/:id',
    access: 'staff',
    resource: 'class',
    params: byIdSchema,
    body: aiBlocksByScreenRequestSchema,
    response: envelope(classScreenBlocksSchema),
  },
  classAiBlocksUpdate: {
    method: 'POST',
    path: '/api/update-ai-blocks-for-class/:id',
    access: 'staff',
    resource: 'class',
    ...configure,
    params: byIdSchema,
    body: updateAiBlocksRequestSchema,
    response: envelope(classScreenBlocksSchema),
  },
  classAiPromptScreens: {
    method: 'GET',
    path: '/api/fetch-update-class-ai-prompt-screen/:id',
    access: 'staff',
    resource: 'class',
    params: byIdSchema,
    response: envelope(classScreenPromptsSchema),
  },
  classAiPromptScreensUpdate: {
    method: 'POST',
    path: '/api/fetch-update-class-ai-prompt-screen/:id',
    access: 'staff',
    resource: 'class',
    ...configure,
    params: byIdSchema,
    body: aiScreenBlocksRequestSchema,
    response: envelope(classScreenPromptsSchema),
  },
});
