import crypto from 'node:crypto';
import type { StaffRole } from '@swx/shared/contract';
import { cashierServer, type CashierTestServer } from '../../../cashier/__tests__/helpers';
import { staffMember } from '../../../staff/__tests__/helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export interface Answer {
  status: number;
  code: string;
  result: Loose;
}

export interface BackOfficeServer extends CashierTestServer {
  /** A new staff member holding these roles, signed in: the Authorization value. */
  member(roles: readonly StaffRole[]): Promise<string>;
  /** A staff call with this token (or none). */
  as(token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<Answer>;
}

/** The cashier test server plus staff members by role, for the back office's route tests. */
export async function backOfficeServer(): Promise<BackOfficeServer> {
  const server = await cashierServer();
  return Object.assign(server, {
    async member(roles: readonly StaffRole[]) {
      const username = `staff_${crypto.randomBytes(4).toString('hex')}`;
      return (await staffMember(server, username, [...roles])).token;
    },
    async as(token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
      const res = await server.app.inject({
        method,
        url: `/swx/admin${url}`,
        ...(payload === undefined ? {} : { payload: payload as object }),
        headers: token === null ? {} : { authorization: token },
      });
      const body = res.json();
      return { status: res.statusCode, code: body.code, result: body.result };
    },
  });
}
