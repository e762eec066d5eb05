import { z } from 'zod';
import { byIdSchema, envelope } from '../common.js';
import { routeTable } from '../route-def.js';
import {
  aiSettingsRequestSchema,
  aiSettingsSchema,
  conversationDetailSchema,
  conversationListQuerySchema,
  conversationSummarySchema,
  savedToolCallSchema,
  saveToolCallRequestSchema,
} from './schemas.js';

/** The chat assistant: conversations kept per person and class, cards saved by the teacher's click, the model provider. */
export const AI_ROUTES = routeTable({
  cueConversations: {
    method: 'GET',
    path: '/api/cue/conversations/',
    access: 'staff',
    query: conversationListQuerySchema,
    response: envelope(z.array(conversationSummarySchema)),
  },
  cueConversation: {
    method: 'GET',
    path: '/api/cue/conversations/:id',
    access: 'staff',
    resource: 'conversation',
    params: byIdSchema,
    response: envelope(conversationDetailSchema),
  },
  cueToolCallSave: {
    method: 'POST',
    path: '/api/cue/tool_calls/:id/save',
    access: 'staff',
    resource: 'tool_call',
    params: byIdSchema,
    body: saveToolCallRequestSchema,
    // A toast for the tools that have one ('Attendance marked complete!', 'Observation saved!').
    response: z.object({ result: savedToolCallSchema, message: z.string().optional() }),
  },
  aiSettings: {
    method: 'GET',
    path: '/api/ai_settings/',
    access: 'staff',
    permission: 'academic_setup.ai_configuration',
    response: envelope(aiSettingsSchema),
  },
  aiSettingsUpdate: {
    method: 'PUT',
    path: '/api/ai_settings/',
    access: 'staff',
    permission: 'academic_setup.ai_configuration',
    body: aiSettingsRequestSchema,
    response: envelope(aiSettingsSchema),
  },
});
