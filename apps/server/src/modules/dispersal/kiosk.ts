import { randomBytes } from 'node:crypto';
import {
  type AdultRequest,
  DISPERSAL_MESSAGES,
  type DispersalEvent,
  ERROR_CODES,
  type Kiosk,
  type KioskFamily,
  type kioskSessionSchema,
  pagePath,
  STAFF_ATTENDANCE_MESSAGES,
  todayIn,
} from '@cue/contract';
import type { z } from 'zod';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import { hashToken } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, forbidden, notFound, tooMany, unauthorized } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { StaffAttendanceService } from '../leave/attendance-service.js';
import { presentKiosk } from './presenter.js';
import * as repo from './repo.js';
import type { DispersalService } from './service.js';

const WRONG_CODES_PER_MINUTE = 5;
const SEEN_EVERY_MS = 60_000;
const QR_PREFIX = 'cue-family:';

/** What a code typed or shown at a kiosk stands for at its school. */
interface CodeFound {
  kind: 'family' | 'one_time';
  adult: { name: string; relationship: string | null; parent_id: string | null };
  studentIds: string[];
  /** Who brings or collects when the kiosk names nobody else. */
  ownAdult: AdultRequest;
}

/** A kiosk that called, and the scope of its school it acts with. */
export interface KioskCaller {
  kiosk: repo.KioskRow;
  scope: Scope;
}

/**
 * Kiosks (issue 24): a shared tablet paired with one school by a token (only its hash is kept). A kiosk
 * call acts as the school's system for check-in and check-out only, and at its own school only.
 */
export class KioskService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly dispersal: DispersalService,
    /** The web app's public origin, for the pairing link (a relative link when unset). */
    readonly publicUrl: string | undefined = undefined,
    /** Staff codes typed at a kiosk (issue 27), where the school has staff attendance on. */
    readonly staffAttendance: StaffAttendanceService | undefined = undefined,
  ) {}

  // ------------------------------------------------------------------ the office's side

  async list(scope: Scope): Promise<Kiosk[]> {
    return (await repo.kioskList(scope, this.db)).map(presentKiosk);
  }

  /** A new kiosk: its token is answered once (only its hash is kept), with the link that pairs the tablet. */
  async create(scope: Scope, name: string): Promise<Kiosk & { token: string; pair_url: string }> {
    const schoolId = staffSchool(scope);
    const token = randomBytes(32).toString('base64url');
    const id = newId();
    await repo.insertKiosk(scope, this.db, {
      id,
      schoolId,
      name: name.trim(),
      tokenHash: hashToken(token),
      createdBy: scope.userId,
      createdAt: this.clock.now(),
    });
    const [row] = await repo.kioskList(scope, this.db, id);
    if (!row) throw notFound();
    const origin = this.publicUrl ? this.publicUrl.replace(/\/+$/, '') : '';
    return { ...presentKiosk(row), token, pair_url: `${origin}${pagePath.kioskPair(token)}` };
  }

  async revoke(scope: Scope, id: string): Promise<void> {
    if (!(await repo.revokeKiosk(scope, this.db, id, this.clock.now()))) throw notFound();
  }

  // ------------------------------------------------------------------ the kiosk's calls

  /** The kiosk holding this token, with its school's scope: 401 unless it is paired, 403 where the school turned drop-off off. */
  async authenticate(token: string | undefined): Promise<KioskCaller> {
    const invalid = () => unauthorized(DISPERSAL_MESSAGES.kioskInvalid, ERROR_CODES.kioskInvalid);
    if (!token) throw invalid();
    const kiosk = await repo.kioskByToken('kiosk-token', this.db, hashToken(token));
    if (!kiosk || kiosk.revokedAt) throw invalid();
    if (!(await this.dispersal.scopes.featuresOf(kiosk.schoolId)).has('entry_dispersal')) throw forbidden();
    const scope = this.dispersal.systemScope(kiosk.schoolId, `kiosk:${kiosk.id}`);
    const now = this.clock.now();
    if (!kiosk.lastSeenAt || now.getTime() - new Date(kiosk.lastSeenAt).getTime() >= SEEN_EVERY_MS) {
      await repo.touchKiosk(scope, this.db, kiosk.id, now);
      kiosk.lastSeenAt = now;
    }
    return { kiosk, scope };
  }

  async session(token: string | undefined): Promise<z.infer<typeof kioskSessionSchema>> {
    const { kiosk, scope } = await this.authenticate(token);
    const [school, settings] = await Promise.all([repo.schoolOf(scope, this.db), this.dispersal.settings(scope)]);
    if (!school) throw notFound();
    return {
      school: { id: school.id, name: school.name, logo: school.logo },
      kiosk: { id: kiosk.id, name: kiosk.name },
      health_question: settings.health_question,
      staff_attendance:
        !!this.staffAttendance && (await this.dispersal.scopes.featuresOf(kiosk.schoolId)).has('staff_attendance'),
    };
  }

  /** Waits (429) after 5 wrong codes in a minute at this kiosk, before any code is read. */
  private async throttle(caller: KioskCaller): Promise<void> {
    const since = new Date(this.clock.now().getTime() - 60_000);
    if ((await repo.attemptsSince(caller.scope, this.db, caller.kiosk.id, since)) >= WRONG_CODES_PER_MINUTE)
      throw tooMany(DISPERSAL_MESSAGES.tooManyAttempts, ERROR_CODES.tooManyAttempts);
  }

  /** A member of staff's code: checks them in, or out when already in (403 where the school has staff attendance off). */
  async staff(token: string | undefined, code: string) {
    const caller = await this.authenticate(token);
    if (!this.staffAttendance || !(await this.dispersal.scopes.featuresOf(caller.kiosk.schoolId)).has('staff_attendance'))
      throw forbidden();
    await this.throttle(caller);
    const done = await this.staffAttendance.kioskToggle(caller.scope, code.trim());
    if (!done) {
      await repo.recordAttempt(caller.scope, this.db, caller.kiosk.id, newId(), this.clock.now());
      throw badRequest(STAFF_ATTENDANCE_MESSAGES.codeInvalid, ERROR_CODES.staffCodeInvalid, 'code');
    }
    const { day, action } = done;
    return {
      staff: day.staff,
      action,
      time: (action === 'in' ? day.check_in : day.check_out) ?? '',
      late_minutes: action === 'in' ? day.late_minutes : null,
    };
  }

  /**
   * What a code stands for at this kiosk's school: a family's 4 digits or QR text, or a 6-digit
   * one-time pick-up valid today. Anything else is unknown (400 KIOSK_CODE_INVALID) and counts as a wrong
   * attempt; after 5 wrong attempts in a minute the kiosk waits (429) before any code is read.
   */
  private async findCode(caller: KioskCaller, raw: string): Promise<CodeFound> {
    const { kiosk, scope } = caller;
    const now = this.clock.now();
    await this.throttle(caller);
    const code = raw.trim();
    let found: CodeFound | null = null;
    if (/^\d{4}$/.test(code) || code.startsWith(QR_PREFIX)) {
      const row = await repo.familyCodeAt(
        scope,
        this.db,
        code.startsWith(QR_PREFIX) ? { secret: code.slice(QR_PREFIX.length) } : { code },
      );
      if (row) {
        const kids = await repo.parentAtSchool(scope, this.db, row.parentId);
        const first = kids[0];
        if (first)
          found = {
            kind: 'family',
            adult: {
              name: `${first.firstName} ${first.lastName}`.trim(),
              relationship: first.relation || null,
              parent_id: row.parentId,
            },
            studentIds: kids.map((k) => k.studentId),
            ownAdult: { kind: 'parent', parent_id: row.parentId },
          };
      }
    } else if (/^\d{6}$/.test(code)) {
      const today = todayIn(await this.dispersal.school.timeZone(scope), now);
      const p = await repo.pickupByCode(scope, this.db, code, today);
      if (p && !p.usedAt && !p.cancelledAt)
        found = {
          kind: 'one_time',
          adult: { name: p.name, relationship: p.relationship, parent_id: null },
          studentIds: [p.studentId],
          ownAdult: { kind: 'one_time', code },
        };
    }
    if (!found) {
      await repo.recordAttempt(scope, this.db, kiosk.id, newId(), now);
      throw badRequest(DISPERSAL_MESSAGES.codeInvalid, ERROR_CODES.kioskCodeInvalid, 'code');
    }
    return found;
  }

  async lookup(token: string | undefined, code: string): Promise<KioskFamily> {
    const caller = await this.authenticate(token);
    const found = await this.findCode(caller, code);
    const { scope } = caller;
    const students = await repo.studentsOf(scope, this.db, found.studentIds);
    return { kind: found.kind, adult: found.adult, children: await this.dispersal.kioskChildren(scope, students) };
  }

  /** Checks in or out some of the code's children, all or none, with the code's adult unless another is named. */
  async check(
    token: string | undefined,
    kind: 'in' | 'out',
    body: { code: string; student_ids: string[]; adult?: AdultRequest; health_ok?: boolean; health_note?: string | null },
  ): Promise<DispersalEvent[]> {
    const caller = await this.authenticate(token);
    const found = await this.findCode(caller, body.code);
    const ids = [...new Set(body.student_ids)];
    if (!ids.every((id) => found.studentIds.includes(id))) throw notFound();
    const adult = body.adult ?? found.ownAdult;
    return this.dispersal.record(
      caller.scope,
      kind,
      ids.map((studentId) => ({ studentId, adult, healthOk: body.health_ok, healthNote: body.health_note ?? null })),
      { via: 'kiosk', recordedBy: null, kioskId: caller.kiosk.id, kioskName: caller.kiosk.name },
    );
  }
}
