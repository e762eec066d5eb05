import { addDays } from '@cue/contract';
import { demoId } from '../../src/seed/demo.js';
import { mondayAfterNext, sunriseToday } from '../support/leave-fixtures.js';
import { multipartFile, PDF } from '../support/management-fixtures.js';
import { type PagedContext, type PagedList, requests } from './support.js';

const sunrise = demoId('school:sunrise');
const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');
const rohanParent = demoId('parent:9000000004');
const wire = (iso: string) => iso.split('-').reverse().join('-');

/** Admissions, hiring, fees, leave and pick-ups. */
export function managementLists(ctx: PagedContext): PagedList[] {
  const { expectOk } = requests(ctx);
  /** Runs once however many lists ask for it. */
  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | null = null;
    return () => {
      made ??= make();
      return made;
    };
  };

  const enquiry = (name: string) =>
    expectOk('POST', '/api/admissions/applications', 'anita', {
      source: 'phone',
      child_first_name: name,
      parent_first_name: 'Paged',
    });

  // Hiring: an open opening of Sunrise, and applications to it from its public page (a CV, then the form).
  const opening = once(async () => {
    const made = await expectOk('POST', '/api/hiring/openings', 'anita', {
      title: 'Paged teacher',
      description: 'Lead a class.',
      employment_type: 'full_time',
      location: 'Sunrise campus',
      role_id: demoId('role:sunrise:teacher'),
      class_ids: [nurseryA],
      status: 'open',
    });
    return made._id as string;
  });
  const apply = async (first: string) => {
    const id = await opening();
    const jobUrl = `/api/public/jobs/${sunrise}/${id}`;
    const remoteAddress = '10.47.0.1';
    const cv = await ctx.t().request({ method: 'POST', url: `${jobUrl}/cv`, remoteAddress, ...multipartFile('cv.pdf', PDF) });
    if (cv.statusCode !== 200) throw new Error(`CV: ${cv.body}`);
    const sent = await ctx.t().request({
      method: 'POST',
      url: `${jobUrl}/applications`,
      remoteAddress,
      payload: {
        first_name: first,
        last_name: 'Paged',
        email: `${first.toLowerCase()}@example.com`,
        cv_id: cv.json().result._id,
      },
    });
    if (sent.statusCode !== 200) throw new Error(`application: ${sent.body}`);
  };

  // Fees: this month's invoices of Nursery A, issued (which opens the families' accounts).
  const today = () => sunriseToday(ctx.t());
  const structure = once(
    async () =>
      (
        await expectOk('POST', '/api/fees/structures', 'anita', {
          name: 'Paged monthly',
          billing_cycle: 'monthly',
          due_day: 5,
          class_ids: [nurseryA],
          items: [{ kind: 'tuition', name: 'Tuition', amount: 1_000_000 }],
        })
      )._id as string,
  );
  const issued = once(async () => {
    await structure();
    const run = await expectOk('POST', '/api/fees/runs', 'anita', {
      billing_cycle: 'monthly',
      period_date: wire(await today()),
      class_ids: [nurseryA],
    });
    await expectOk('POST', `/api/fees/runs/${run._id}/issue`, 'anita');
  });
  const account = once(async () => {
    await issued();
    return (await expectOk('GET', '/api/fees/accounts?page_size=1', 'anita')).items[0]._id as string;
  });
  const pay = async (receivedOn: string) =>
    expectOk('POST', '/api/fees/payments', 'anita', {
      account_id: await account(),
      amount: 100,
      method: 'cash',
      received_on: wire(receivedOn),
    });

  // Leave: a type that may go negative, and Tara's single days (Mondays, a week apart).
  const leaveType = once(
    async () =>
      (
        await expectOk('POST', '/api/leave/types', 'anita', {
          name: 'Paged (test)',
          code: 'PG',
          yearly_quota: 0,
          allow_negative: true,
        })
      )._id as string,
  );
  const leave = async (weeks: number) => {
    const day = wire(addDays(mondayAfterNext(await today()), 7 * weeks));
    await expectOk('POST', '/api/leave/requests', 'tara', { leave_type_id: await leaveType(), start_date: day, end_date: day });
  };

  // Pick-ups: Aarav checked in or out by Tara, whichever comes next.
  const inOrOut = async () => {
    const adult = { kind: 'parent', parent_id: rohanParent };
    const checkIn = await requests(ctx).send('POST', '/api/dispersal/check_in', 'tara', {
      student_id: aarav,
      adult,
      health_ok: true,
    });
    if (checkIn.statusCode === 409) await expectOk('POST', '/api/dispersal/check_out', 'tara', { student_id: aarav, adult });
    else if (checkIn.statusCode !== 200) throw new Error(`check-in: ${checkIn.body}`);
  };

  return [
    {
      route: 'admissionList',
      url: () => '/api/admissions/applications',
      as: 'anita',
      seed: async () => {
        for (let i = 0; i < 5; i++) await enquiry(`Paged ${i}`);
      },
      write: () => enquiry('Written between two pages'),
    },
    {
      route: 'jobApplications',
      url: () => '/api/hiring/applications',
      as: 'anita',
      seed: async () => {
        for (let i = 0; i < 5; i++) await apply(`Paged${i}`);
      },
      write: () => apply('Between'),
    },
    {
      route: 'invoices',
      url: () => '/api/fees/invoices',
      as: 'anita',
      seed: issued,
      // Next month's drafts: a later period comes first.
      write: async () => {
        await structure();
        const now = await today();
        const next = new Date(Date.UTC(Number(now.slice(0, 4)), Number(now.slice(5, 7)), 10)).toISOString().slice(0, 10);
        await expectOk('POST', '/api/fees/runs', 'anita', {
          billing_cycle: 'monthly',
          period_date: wire(next),
          class_ids: [nurseryA],
        });
      },
    },
    {
      route: 'payments',
      url: () => '/api/fees/payments',
      as: 'anita',
      seed: async () => {
        const now = await today();
        for (let i = 1; i <= 5; i++) await pay(addDays(now, -i));
      },
      write: async () => {
        await pay(await today());
      },
    },
    {
      route: 'feeAccounts',
      url: () => '/api/fees/accounts',
      as: 'anita',
      seed: issued,
    },
    {
      route: 'leaveRequests',
      url: () => '/api/leave/requests',
      as: 'tara',
      seed: async () => {
        for (let i = 0; i < 5; i++) await leave(i);
      },
      write: () => leave(10),
    },
    {
      route: 'childPickupEvents',
      url: () => `/api/student/${aarav}/pickup_events`,
      as: 'rohan',
      seed: async () => {
        for (let i = 0; i < 6; i++) await inOrOut();
      },
      write: inOrOut,
    },
  ];
}
