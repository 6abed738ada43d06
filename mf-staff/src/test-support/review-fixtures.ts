import type { DepositReview, KycReview, WithdrawalReview } from '@swx/shared/contract';

const common = {
  customer: { userId: '42', username: 'ana', email: 'ana@example.com' },
  queuedAt: '2026-11-26T06:00:00.000Z',
  claim: null,
  approvals: [],
  approvalsRequired: 1,
};

export function depositReview(overrides: Partial<DepositReview> = {}): DepositReview {
  return {
    ...common,
    id: '5',
    userId: '42',
    coin: 'USDT',
    network: 'TRC20',
    amount: '250',
    address: 'TPlatformAddress111',
    txHash: '0xabc123def456',
    txHashTail: 'def456',
    proofImage: 'up-77',
    status: 'pending',
    reason: null,
    createdAt: '2026-11-27T05:00:00.000Z',
    decidedAt: null,
    ageSeconds: 3720,
    proofImageUrl: '/swx/admin/uploads/up-77',
    recentDeposits: [],
    ...overrides,
  };
}

export function withdrawalReview(overrides: Partial<WithdrawalReview> = {}): WithdrawalReview {
  return {
    ...common,
    id: '9',
    userId: '42',
    method: 'crypto',
    currency: 'USDT',
    network: 'TRC20',
    address: 'TCustomerAddress222',
    payeeName: null,
    cardNumber: null,
    bankName: null,
    amount: '20000',
    fee: '2',
    totalDebited: '20002',
    status: 'pending',
    reason: null,
    reference: null,
    queuePosition: 1,
    targetTime: '2026-11-28T05:00:00.000Z',
    createdAt: '2026-11-27T05:00:00.000Z',
    decidedAt: null,
    completedAt: null,
    ageSeconds: 26 * 3600,
    amountReceived: '20000',
    valueUsdt: '20000',
    targetHours: 24,
    overdue: true,
    recentDeposits: [],
    recentTrades: [],
    approvalsRequired: 2,
    ...overrides,
  };
}

export function kycReview(overrides: Partial<KycReview> = {}): KycReview {
  return {
    ...common,
    id: '42',
    userId: '42',
    status: 'pending',
    documentType: 'id_card',
    firstName: 'Ana',
    lastName: 'Lima',
    birthdate: '1990-04-02',
    sex: 'female',
    country: 'PT',
    address: 'Rua 1, Lisboa',
    areaCode: '+351',
    phone: '912345678',
    images: { frontImage: true, backImage: true, handImage: true },
    hasSignature: true,
    submittedAt: '2026-11-27T05:00:00.000Z',
    targetTime: '2026-11-29T05:00:00.000Z',
    decidedAt: null,
    rejections: [],
    ageSeconds: 600,
    submissions: 1,
    signature: null,
    imageUrls: {
      frontImage: '/swx/admin/kyc/42/image/frontImage',
      backImage: '/swx/admin/kyc/42/image/backImage',
      handImage: '/swx/admin/kyc/42/image/handImage',
    },
    rejectableFields: ['firstName', 'lastName', 'frontImage', 'backImage', 'handImage'],
    ...overrides,
  };
}
