export { ApiError, isApiError, type ClientFailureCode } from './api-error';
export {
  createApiClient,
  buildQuery,
  type ApiClient,
  type ApiClientOptions,
  type ApiAnswer,
  type CallOptions,
  type CallArgs,
  type FileRouteKey,
  type Query,
  type QueryValue,
} from './client';
