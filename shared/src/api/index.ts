export { ApiError, isApiError, type ClientFailureCode } from './api-error';
export {
  createApiClient,
  buildQuery,
  type ApiClient,
  type ApiClientOptions,
  type ApiAnswer,
  type PostOptions,
  type Query,
  type QueryValue,
} from './client';
