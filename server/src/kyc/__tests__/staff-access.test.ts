import { and, eq } from 'drizzle-orm';
import type { SignedUpCustomer } from '../../auth/testing';
import { cashierServer, type CashierTestServer } from '../../cashier/__tests__/helpers';
import { staffMember } from '../../staff/__tests__/helpers';
import { auditLog } from '../../staff/tables';
import { maskBirthdate, maskDocumentNumber } from '../staff-access';
import { identityBody } from './helpers';

let server: CashierTestServer;
let alice: SignedUpCustomer;
let twin: SignedUpCustomer;
let aliceId: string;
let finance: string;
let editor: string;

const staffGet = (url: string, token = server.staff) =>
  server.app.inject({ method: 'GET', url: `/swx/admin${url}`, headers: { authorization: token } });
const staffPost = (url: string, payload: object, token = server.staff) =>
  server.app.inject({ method: 'POST', url: `/swx/admin${url}`, payload, headers: { authorization: token } });
const auditOf = (action: string, target: string) =>
  server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

beforeAll(async () => {
  server = await cashierServer();
  alice = await server.customer();
  twin = await server.customer();
  const body = await identityBody(server, alice);
  expect((await server.call(alice, 'POST', '/user/identification', body)).code).toBe('200');
  // Another customer with the same passport number, typed differently.
  const copied = {
    ...(await identityBody(server, twin)),
    documentNumber: body.documentNumber.toLowerCase().replace(/^(.)/, '$1 '),
  };
  expect((await server.call(twin, 'POST', '/user/identification', copied)).code).toBe('200');
  const list = await server.admin('GET', '/reviews?kind=kyc&status=pending');
  aliceId = (list.result as { id: string; userId: string }[]).find((r) => r.userId === alice.userId)!.id;
  finance = (await staffMember(server, 'fiona', ['finance'])).token;
  editor = (await staffMember(server, 'editor', ['content'])).token;
});
afterAll(async () => server.close());

describe('masking', () => {
  it('hides all but the end of a document number, and the whole birth date', () => {
    expect(maskDocumentNumber('S0000012D')).toBe('••••••12D');
    expect(maskDocumentNumber('AB123')).toBe('••••3');
    expect(maskBirthdate('1990-04-12')).toBe('••••-••-••');
  });
});

describe('the review screen', () => {
  it('shows one record with document number and birth date masked, audited with the fields shown', async () => {
    const res = await staffGet(`/kyc/${aliceId}/identity`);
    expect(res.statusCode).toBe(200);
    const view = res.json().result;
    expect(view).toMatchObject({
      id: aliceId,
      userId: alice.userId,
      status: 'pending',
      firstName: 'Mei',
      birthdate: '••••-••-••',
      masked: ['documentNumber', 'birthdate'],
      images: { frontImage: true, backImage: true, handImage: true },
    });
    expect(view.documentNumber).toMatch(/^•+[0-9A-Z]{3}$/);
    expect(res.body).not.toContain('1990-04-12');
    expect(res.body).not.toContain(`S${alice.userId.padStart(7, '0')}D`);
    expect(view.signature.strokes).toHaveLength(2);
    const [entry] = await auditOf('kyc.identity.view', `kyc:${aliceId}`);
    expect(entry).toMatchObject({ staffId: expect.any(BigInt) });
    expect(entry!.details).toMatchObject({
      userId: alice.userId,
      via: 'review',
      masked: ['documentNumber', 'birthdate'],
      fields: expect.arrayContaining(['firstName', 'lastName', 'address', 'phone', 'signature']),
    });
    expect(JSON.stringify(entry!.details)).not.toContain('Mei');
  });

  it('shows the other customer with the same document (keyed hash, however the number was typed)', async () => {
    const view = (await staffGet(`/kyc/${aliceId}/identity`)).json().result;
    expect(view.duplicates).toEqual([
      expect.objectContaining({ userId: twin.userId, username: twin.username, status: 'pending' }),
    ]);
  });

  it('reveals the masked fields to a reviewer, audited with which fields', async () => {
    const res = await staffPost(`/kyc/${aliceId}/reveal`, { fields: ['documentNumber', 'birthdate'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({
      documentNumber: `S${alice.userId.padStart(7, '0')}D`,
      birthdate: '1990-04-12',
    });
    const [entry] = await auditOf('kyc.identity.reveal', `kyc:${aliceId}`);
    expect(entry!.details).toEqual({ userId: alice.userId, fields: ['documentNumber', 'birthdate'] });
    const one = await staffPost(`/kyc/${aliceId}/reveal`, { fields: ['birthdate'] });
    expect(one.json().result).toEqual({ birthdate: '1990-04-12' });
  });

  it('refuses bad reveal requests with a catalogue code, changing nothing and revealing nothing', async () => {
    const before = (await auditOf('kyc.identity.reveal', `kyc:${aliceId}`)).length;
    for (const body of [
      {},
      { fields: [] },
      { fields: ['address'] },
      { fields: ['birthdate', 'birthdate'] },
      { fields: 'birthdate' },
    ]) {
      const res = await staffPost(`/kyc/${aliceId}/reveal`, body);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('1990');
    }
    expect((await staffPost('/kyc/999999/reveal', { fields: ['birthdate'] })).statusCode).toBe(404);
    expect((await staffPost('/kyc/abc/reveal', { fields: ['birthdate'] })).statusCode).toBe(400);
    expect((await auditOf('kyc.identity.reveal', `kyc:${aliceId}`)).length).toBe(before);
  });

  it('is for reviewers only: finance and content staff, customers and strangers are refused', async () => {
    for (const token of [finance, editor]) {
      expect((await staffGet(`/kyc/${aliceId}/identity`, token)).json().code).toBe('11160');
      expect((await staffPost(`/kyc/${aliceId}/reveal`, { fields: ['birthdate'] }, token)).json().code).toBe(
        '11160',
      );
      expect((await staffGet(`/kyc/${aliceId}/image/frontImage`, token)).json().code).toBe('11160');
    }
    expect((await staffGet(`/kyc/${aliceId}/identity`, alice.token)).statusCode).toBe(401);
    const anonymous = await server.app.inject({ method: 'GET', url: `/swx/admin/kyc/${aliceId}/identity` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the customer screen', () => {
  it('shows the identity record masked, audited as seen from the customer screen', async () => {
    const res = await staffGet(`/customers/${alice.userId}/identity`);
    expect(res.json().result).toMatchObject({ id: aliceId, birthdate: '••••-••-••', lastName: 'Lin' });
    const entries = await auditOf('kyc.identity.view', `kyc:${aliceId}`);
    expect(entries.some((entry) => (entry.details as { via: string }).via === 'customer')).toBe(true);
  });

  it('lets finance read it (masked) but not reveal it; null for a customer who never started', async () => {
    const view = await staffGet(`/customers/${alice.userId}/identity`, finance);
    expect(view.json().result.documentNumber).toMatch(/^•+/);
    const newcomer = await server.customer();
    const none = await staffGet(`/customers/${newcomer.userId}/identity`);
    expect(none.json()).toMatchObject({ code: '200', result: null });
    expect((await staffGet(`/customers/${alice.userId}/identity`, editor)).json().code).toBe('11160');
    expect((await staffGet('/customers/999999999/identity')).json()).toMatchObject({
      code: '10009',
      result: null,
    });
  });
});
