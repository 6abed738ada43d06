import { Type, type Static } from '@sinclair/typebox';
import { Body } from './common';
import { errors } from './error-names';

/** A parameter key: lower-case words joined by underscores, e.g. `trade_fee_rate`. */
export const ParamKey = Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$', maxLength: 64 });

export const ParamKeyPath = Type.Object({ key: ParamKey });

/** `GET /swx/customer/index/getParamByKey/{key}`: public parameters only (others answer `10018`). */
export const ParamValueResult = Type.Object({ paramValue: Type.String() });
export type ParamValueResult = Static<typeof ParamValueResult>;

/** One parameter as staff see it. */
export const ParamRecord = Type.Object({
  key: Type.String(),
  value: Type.String(),
  public: Type.Boolean(),
  description: Type.String(),
  updatedAt: Type.String({ format: 'date-time' }),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
});
export type ParamRecord = Static<typeof ParamRecord>;

/** `PUT /swx/admin/params/{key}`: the new value (text, as stored) and why it changes (audited). */
export const SetParamBody = Body({
  value: Type.String({ minLength: 1, maxLength: 4000 }),
  reason: Type.String({ minLength: 1, maxLength: 500 }),
});
export type SetParamBody = Static<typeof SetParamBody>;

/** The public read's key: an unknown or over-long key answers 10018, like a private one. */
export const PublicParamPath = Type.Object({
  key: Type.String({ maxLength: 64, 'x-code': errors.paramUnavailable }),
});

export const ParamList = Type.Array(ParamRecord);
