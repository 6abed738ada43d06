import type { SignedUpCustomer } from '../../auth/testing';
import type { CashierTestServer } from '../../cashier/__tests__/helpers';

/** A drawn signature: two strokes across most of a 300×120 pad. */
export const signature = {
  width: 300,
  height: 120,
  strokes: [
    [
      [20, 90],
      [80, 20],
      [140, 90],
      [200, 20],
      [260, 90],
    ],
    [
      [30, 60],
      [270, 60],
    ],
  ] as [number, number][][],
};

/** A complete first submission for an ID card, with three fresh uploads of this customer. */
export async function identityBody(server: CashierTestServer, who: SignedUpCustomer) {
  return {
    documentType: 'id_card',
    // One document per customer (the same number on two customers is a duplicate staff are shown).
    documentNumber: `S${who.userId.padStart(7, '0')}D`,
    firstName: 'Mei',
    lastName: 'Lin',
    birthdate: '1990-04-12',
    sex: 'female',
    country: 'SG',
    address: '10 Anson Road, Singapore 079903',
    areaCode: '+65',
    phone: '8123 4567',
    frontImage: await server.upload(who, 'identity'),
    backImage: await server.upload(who, 'identity'),
    handImage: await server.upload(who, 'identity'),
    signature,
  };
}

/** Takes the customer through KYC for real: submission, then a staff approval through the admin API. */
export async function verifyCustomer(server: CashierTestServer, who: SignedUpCustomer): Promise<void> {
  const submitted = await server.call(who, 'POST', '/user/identification', await identityBody(server, who));
  if (submitted.code !== '200') throw new Error(`KYC submission failed: ${submitted.body}`);
  const pending = await server.admin('GET', '/reviews?kind=kyc&status=pending');
  const mine = (pending.result as { id: string; userId: string }[]).find((r) => r.userId === who.userId);
  if (!mine) throw new Error('KYC submission not in the review queue');
  const approved = await server.admin('POST', `/reviews/kyc/${mine.id}/approve`);
  if (approved.code !== '200') throw new Error(`KYC approval failed: ${JSON.stringify(approved)}`);
}
