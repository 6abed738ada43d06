export { ApiError, isApiError, type ClientFailureCode } from './api-error';
export {
  createApiClient,
  createStaffApiClient,
  buildQuery,
  type ApiClient,
  type StaffApiClient,
  type StaffFileRouteKey,
  type ScopedApiClient,
  type ApiClientOptions,
  type ApiAnswer,
  type CallOptions,
  type CallArgs,
  type FileRouteKey,
  type Query,
  type QueryValue,
} from './client';
