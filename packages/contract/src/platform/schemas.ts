import { z } from 'zod';

export const healthResponseSchema = z.object({ result: z.object({ status: z.literal('ok') }) });
