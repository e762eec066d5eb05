import { ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, staffToken, type TestApp } from './harness.js';

/*
 * "Add and invite" sends the invitation: an SMS to the phone and an email to the address given, each
 * with the sign-in link, queued as jobs (the request does not wait on a provider).
 */
let t: TestApp;
let anita: string;
let mona: string;
const SUNRISE = demoId('school:sunrise');
const teacherRole = demoId('role:sunrise:teacher');
const SIGN_IN = 'https://cue.example.org/';

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://cue.example.org' });
  anita = await staffToken(t, '9000000002');
  mona = await staffToken(t, '9000000006');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.request({ method, url, headers: bearer(token), payload });
const smsTo = (phone: string) => t.sms.sent.filter((m) => m.to === `91${phone}`);
/** Signs in a number that is not a test number, with the code the SMS provider received. */
async function signInReal(phone: string) {
  const send = await t.request({ method: 'POST', url: '/api/otp/send', payload: { phno: `91${phone}` } });
  expect(send.statusCode, send.body).toBe(200);
  const code = smsTo(phone)
    .at(-1)
    ?.text.match(/\b(\d{6})\b/)?.[1];
  const verify = await t.request({ method: 'POST', url: '/api/otp/verify', payload: { reqId: send.json().message, otp: code } });
  const login = await t.request({
    method: 'POST',
    url: ROUTES.phoneVerification.path,
    payload: { otp_jwt_token: verify.json().message, phone_number: phone },
  });
  expect(login.statusCode, login.body).toBe(200);
}
const emailsTo = async (address: string) =>
  ((await t.services.email.recent?.(200, SUNRISE)) ?? []).filter((m) => m.to === address);

describe('adding a staff member sends the invitation', () => {
  it('with a phone: one SMS with the school and the sign-in link, sent by the job queue', async () => {
    const res = expectResponse(
      ROUTES.staffCreate,
      await call('POST', ROUTES.staffCreate.path, anita, { first_name: 'Kiran', phone: '9811111112', role_id: teacherRole }),
    );
    expect(res.result.invitations_sent).toEqual([{ channel: 'sms', to: '9811111112' }]);
    expect(smsTo('9811111112')).toHaveLength(0);
    await t.services.jobs.runDue();
    const sent = smsTo('9811111112');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('Sunrise Early Years added you to its staff');
    expect(sent[0]?.text).toContain(SIGN_IN);
    await t.services.jobs.runDue();
    expect(smsTo('9811111112')).toHaveLength(1);

    // Until she signs in, the invitation can be sent again; after, it cannot.
    expect(res.result.abilities.can_resend).toBe(true);
    const again = await call('POST', `/api/staff/${res.result.id}/resend_invitation`, anita);
    expect(expectResponse(ROUTES.staffInvitationResend, again).result.invitations_sent).toEqual([
      { channel: 'sms', to: '9811111112' },
    ]);
    await t.services.jobs.runDue();
    expect(smsTo('9811111112')).toHaveLength(2);
    await signInReal('9811111112');
    const listed = expectResponse(ROUTES.staffList, await call('GET', ROUTES.staffList.path, anita)).result;
    expect(listed.find((m) => m.id === res.result.id)?.abilities.can_resend).toBe(false);
    expect((await call('POST', `/api/staff/${res.result.id}/resend_invitation`, anita)).statusCode).toBe(409);
  });

  it('with an email: one email in the outbox with the link, every value escaped', async () => {
    const address = 'lena.invite@sunrise.example';
    const res = expectResponse(
      ROUTES.staffCreate,
      await call('POST', ROUTES.staffCreate.path, anita, {
        first_name: '<b>Lena</b>',
        email: address,
        role_id: teacherRole,
      }),
    );
    expect(res.result.invitations_sent).toEqual([{ channel: 'email', to: address }]);
    await t.services.jobs.runDue();
    const mails = await emailsTo(address);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Sunrise Early Years: your invitation to Cue');
    expect(mails[0]?.html).toContain(`href="${SIGN_IN}"`);
    expect(mails[0]?.html).toContain('&lt;b&gt;Lena&lt;/b&gt;');
    expect(mails[0]?.html).not.toContain('<b>Lena');
  });

  it('an existing account is invited to join, and the invitation can be sent again', async () => {
    // Mona teaches at Moonbeam: Sunrise invites her; she joins when she accepts.
    const res = expectResponse(
      ROUTES.staffCreate,
      await call('POST', ROUTES.staffCreate.path, anita, { first_name: 'Mona', phone: '9000000006', role_id: teacherRole }),
    );
    expect(res.result).toMatchObject({ status: 'invited', abilities: { can_resend: true } });
    expect(res.result.invitations_sent).toEqual([{ channel: 'sms', to: '9000000006' }]);
    await t.services.jobs.runDue();
    expect(smsTo('9000000006').at(-1)?.text).toContain('Sunrise Early Years invited you to join its staff');
    const before = smsTo('9000000006').length;

    const again = expectResponse(
      ROUTES.staffInvitationResend,
      await call('POST', `/api/staff/${res.result.id}/resend_invitation`, anita),
    );
    expect(again.result.invitations_sent).toEqual([{ channel: 'sms', to: '9000000006' }]);
    await t.services.jobs.runDue();
    expect(smsTo('9000000006')).toHaveLength(before + 1);

    // A teacher without staff management is refused; a member who signs in is sent nothing again.
    expect((await call('POST', `/api/staff/${res.result.id}/resend_invitation`, mona)).statusCode).toBe(403);
    await staffToken(t, '9000000003');
    const member = demoId('user:9000000003');
    expect((await call('POST', `/api/staff/${member}/resend_invitation`, anita)).statusCode).toBe(409);
    expect((await call('POST', `/api/staff/${demoId('user:9000000099')}/resend_invitation`, anita)).statusCode).toBe(404);
  });
});

describe('linking a parent sends the invitation', () => {
  it('an SMS naming the child, with the sign-in link', async () => {
    const kabir = demoId('student:Kabir Khan');
    const res = await call('POST', `/api/student/${kabir}/parents`, anita, {
      first_name: 'Dev',
      phone: '9822222223',
      relation: 'father',
    });
    const body = expectResponse(ROUTES.studentLinkParent, res);
    expect(body.result.invitations_sent).toEqual([{ channel: 'sms', to: '9822222223' }]);
    await t.services.jobs.runDue();
    const sent = smsTo('9822222223');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toMatch(/added you as a parent of Kabir/);
    expect(sent[0]?.text).toContain(SIGN_IN);
  });
});
