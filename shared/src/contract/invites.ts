import { Type, type Static } from '@sinclair/typebox';

/** Invite friends (docs/product.md, business rules): `GET /user/invite`. */
export const InviteFriend = Type.Object({
  /** The friend's username, masked: `al***e`. */
  maskedName: Type.String(),
  joinedAt: Type.String({ format: 'date-time' }),
});

export const InviteSummary = Type.Object({
  inviteCode: Type.String(),
  /** The registration link that pre-fills the code. */
  link: Type.String(),
  /** The link as a QR code: an SVG data URL. */
  qrCode: Type.String(),
  /** The reward rate: the share of friends' trading fees paid to the inviter. */
  rewardRate: Type.String(),
  friends: Type.Array(InviteFriend),
  totals: Type.Object({
    friends: Type.Integer(),
    /** Rewards earned per currency, decimal strings. */
    rewards: Type.Record(Type.String(), Type.String()),
  }),
});
export type InviteSummary = Static<typeof InviteSummary>;
