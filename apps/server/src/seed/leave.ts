import type { Queryable } from '../platform/db/client.js';
import * as t from '../platform/db/schema.js';
import { demoId } from './demo.js';

/*
 * The demo's leave policy (issue 27): Sunrise's leave types, Anita as Tara's and Neha's line manager;
 * Moonbeam offers annual leave. Days are half-days (a day is 2).
 */

const SUNRISE_TYPES = [
  { key: 'annual', name: 'Annual leave', code: 'AL', color: '#1c7ed6', quota: 18, accrual: 'monthly', carry: 5 },
  { key: 'sick', name: 'Sick leave', code: 'SL', color: '#e8590c', quota: 10, accrual: 'upfront', carry: 0 },
  { key: 'casual', name: 'Casual leave', code: 'CL', color: '#0ca678', quota: 6, accrual: 'upfront', carry: 0 },
  {
    key: 'parental',
    name: 'Maternity/paternity leave',
    code: 'ML',
    color: '#ae3ec9',
    quota: 90,
    accrual: 'upfront',
    carry: 0,
    admin: true,
    noHalf: true,
  },
  { key: 'unpaid', name: 'Unpaid leave', code: 'UL', color: '#868e96', quota: 0, accrual: 'upfront', carry: 0, negative: true },
  { key: 'training', name: 'Training', code: 'TR', color: '#f08c00', quota: 5, accrual: 'upfront', carry: 0 },
] as const;

export async function seedLeave(q: Queryable): Promise<void> {
  const sunrise = demoId('school:sunrise');
  await q.insert(t.leaveTypes).values(
    SUNRISE_TYPES.map((x, position) => ({
      id: demoId(`leave-type:sunrise:${x.key}`),
      schoolId: sunrise,
      name: x.name,
      code: x.code,
      color: x.color,
      yearlyQuota: x.quota * 2,
      accrual: x.accrual,
      carryOverLimit: x.carry * 2,
      requiresApproval: true,
      adminApproval: 'admin' in x,
      halfDays: !('noHalf' in x),
      allowNegative: 'negative' in x,
      position,
    })),
  );
  await q.insert(t.leaveTypes).values({
    id: demoId('leave-type:moonbeam:annual'),
    schoolId: demoId('school:moonbeam'),
    name: 'Annual leave',
    code: 'AL',
    color: '#1c7ed6',
    yearlyQuota: 36,
    accrual: 'monthly',
    carryOverLimit: 10,
    position: 0,
  });
  await q.insert(t.leaveLineManagers).values(
    ['9000000003', '9000000005'].map((phone) => ({
      schoolId: sunrise,
      staffId: demoId(`user:${phone}`),
      managerId: demoId('user:9000000002'),
    })),
  );
}
