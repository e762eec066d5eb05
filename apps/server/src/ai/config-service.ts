import {
  AI_BLOCKS,
  AI_SCREENS,
  type aiOptionsRequestSchema,
  type aiScreenBlocksRequestSchema,
  type updateAiBlocksRequestSchema,
} from '@cue/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ClassService } from '../modules/classes/service.js';
import type { AccessClaims } from '../platform/auth/tokens.js';
import type { Clock } from '../platform/clock.js';
import type { Db } from '../platform/db/client.js';
import { classAiSettings } from '../platform/db/schema.js';
import { badRequest } from '../platform/errors.js';

type Screen = (typeof AI_SCREENS)[number];

const DEFAULT_OPTIONS = { ask: true, suggestions: true, voice: true };

/** A class's AI configuration (academic setup → ai): ask options, blocks per screen, screen prompts. */
export class AiConfigService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly classes: ClassService,
  ) {}

  private async settings(auth: AccessClaims, classId: string) {
    // The class must be the caller's to see (another school's does not exist).
    await this.classes.detail(auth, classId);
    const [row] = await this.db.select().from(classAiSettings).where(eq(classAiSettings.classId, classId));
    return row ?? { classId, aiOptions: {}, aiBlocks: {}, screenBlocks: {}, updatedAt: this.clock.now() };
  }

  private async write(classId: string, patch: Partial<typeof classAiSettings.$inferInsert>) {
    await this.db
      .insert(classAiSettings)
      .values({ classId, ...patch, updatedAt: this.clock.now() })
      .onConflictDoUpdate({ target: classAiSettings.classId, set: { ...patch, updatedAt: this.clock.now() } });
  }

  private blocksOf(stored: Record<string, { key: string; enabled: boolean }[]>, screen?: Screen) {
    return AI_BLOCKS.filter((b) => !screen || b.screen === screen).map((b) => ({
      key: b.key,
      screen_name: b.screen,
      title: b.title,
      enabled: stored[b.screen]?.find((s) => s.key === b.key)?.enabled ?? true,
    }));
  }

  async allBlocks(auth: AccessClaims, classId: string) {
    const s = await this.settings(auth, classId);
    return { class_id: classId, ai_blocks: this.blocksOf(s.aiBlocks) };
  }

  async blocksByScreen(auth: AccessClaims, classId: string, screen: Screen) {
    const s = await this.settings(auth, classId);
    return { class_id: classId, screen_name: screen, ai_blocks: this.blocksOf(s.aiBlocks, screen) };
  }

  async updateBlocks(auth: AccessClaims, classId: string, body: z.infer<typeof updateAiBlocksRequestSchema>) {
    const s = await this.settings(auth, classId);
    const known = new Set<string>(AI_BLOCKS.filter((b) => b.screen === body.screen_name).map((b) => b.key));
    const unknown = body.ai_blocks.find((b) => !known.has(b.key));
    if (unknown) throw badRequest(`${unknown.key} is not a block of ${body.screen_name}`, undefined, 'ai_blocks');
    await this.write(classId, { aiBlocks: { ...s.aiBlocks, [body.screen_name]: body.ai_blocks } });
    return this.blocksByScreen(auth, classId, body.screen_name);
  }

  async options(auth: AccessClaims, classId: string) {
    const s = await this.settings(auth, classId);
    return { class_id: classId, ai_options: { ...DEFAULT_OPTIONS, ...s.aiOptions } };
  }

  async updateOptions(auth: AccessClaims, classId: string, body: z.infer<typeof aiOptionsRequestSchema>) {
    await this.settings(auth, classId);
    await this.write(classId, { aiOptions: body.ai_options });
    return this.options(auth, classId);
  }

  async screens(auth: AccessClaims, classId: string) {
    const s = await this.settings(auth, classId);
    return {
      class_id: classId,
      ai_screen_blocks: Object.fromEntries(
        AI_SCREENS.map((screen) => [screen, { enabled: true, prompt: '', ...s.screenBlocks[screen] }]),
      ),
    };
  }

  async updateScreens(auth: AccessClaims, classId: string, body: z.infer<typeof aiScreenBlocksRequestSchema>) {
    const s = await this.settings(auth, classId);
    await this.write(classId, { screenBlocks: { ...s.screenBlocks, ...body.ai_screen_blocks } });
    return this.screens(auth, classId);
  }
}
