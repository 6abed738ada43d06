import type { AccountMode } from '../contract/common';
import {
  catalogue,
  catalogueCodes,
  isCatalogueCode,
  type Envelope,
  type SuccessCode,
} from '../contract/catalogue';
import { ApiError } from './api-error';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface ApiClientOptions {
  /** Where the customer API lives; absolute (`https://host/swx/customer`) or relative to the page. */
  baseUrl?: string;
  getToken: () => string | null;
  getMode: () => AccountMode;
  /** Called before the 401 is thrown, so the session is already cleared when callers see the error. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
  /** The seed's client timeout (90 s). */
  timeoutMs?: number;
}

export interface PostOptions {
  /** Sent as `Idempotency-Key`: the server refuses a second submission with the same key (`30000`). */
  idempotencyKey?: string;
  /** The call places or changes an order; a timeout then tells the customer to check the order list. */
  orderCall?: boolean;
}

/** A successful answer with the success code the server announced in `message` (20001–20005), if any. */
export interface ApiAnswer<T> {
  result: T;
  successCode: SuccessCode | null;
}

export interface ApiClient {
  get<T>(path: string, query?: Query): Promise<T>;
  post<T>(path: string, body?: unknown, options?: PostOptions): Promise<T>;
  /** Like `post`, and also hands back the success code so the screen can confirm it ("20002": deposit submitted). */
  submit<T>(path: string, body?: unknown, options?: PostOptions): Promise<ApiAnswer<T>>;
  /** DELETE with query parameters (e.g. `DELETE /user/watchlist?code=BTCUSDT`). */
  delete<T>(path: string, query?: Query): Promise<T>;
  upload<T>(path: string, file: Blob, field?: string): Promise<T>;
}

/** Success codes are the catalogue's other HTTP-200 entries (20001–20005), sent in `message`. */
const successCodes: ReadonlySet<string> = new Set(
  catalogueCodes.filter((code) => code !== '200' && catalogue[code].status === 200),
);

/** `?type=2&type=3`: GET array parameters repeat the key (PRODUCT.md §3); empty values are left out. */
export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as QueryValue[]) {
      if (item === null || item === undefined) continue;
      params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    'result' in value
  );
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = (options.baseUrl ?? '/swx/customer').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 90_000;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function request<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    init: { query?: Query; body?: BodyInit; json?: boolean; idempotencyKey?: string; orderCall?: boolean },
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      virtually: options.getMode() === 'real' ? 'YES' : 'NO',
    };
    const token = options.getToken();
    if (token) headers.Authorization = token;
    if (init.json) headers['Content-Type'] = 'application/json';
    if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;

    const orderCall = init.orderCall ?? false;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    let payload: unknown;
    try {
      response = await doFetch(`${baseUrl}${path}${buildQuery(init.query)}`, {
        method,
        headers,
        body: init.body,
        signal: controller.signal,
      });
      // The body is read under the same timer: a stalled body is as much a timeout as a stalled answer.
      const text = await response.text();
      try {
        payload = text ? JSON.parse(text) : null;
      } catch {
        payload = null;
      }
    } catch (cause) {
      if (controller.signal.aborted) {
        throw new ApiError('timeout', `No answer within ${timeoutMs} ms`, 0, { orderCall, cause });
      }
      throw new ApiError('network', 'Network failure', 0, { orderCall, cause });
    } finally {
      clearTimeout(timer);
    }

    const envelope = isEnvelope(payload) ? payload : null;
    if (response.status === 401 || envelope?.code === '401') {
      options.onUnauthorized();
      throw new ApiError('401', envelope?.message ?? 'Unauthorised', 401, { orderCall });
    }
    if (!envelope) {
      // Not our envelope (a proxy's error page, an empty body): keep the status when the catalogue knows it.
      const statusCode = String(response.status);
      const code = !response.ok && isCatalogueCode(statusCode) ? statusCode : 'unknown';
      throw new ApiError(code, `Unexpected answer (HTTP ${response.status})`, response.status, { orderCall });
    }
    if (envelope.code !== '200') {
      throw new ApiError(envelope.code, envelope.message, response.status, { orderCall });
    }
    const successCode = successCodes.has(envelope.message) ? (envelope.message as SuccessCode) : null;
    return { result: envelope.result as T, successCode };
  }

  function postInit(body: unknown, postOptions: PostOptions = {}) {
    return {
      body: body === undefined ? undefined : JSON.stringify(body),
      json: body !== undefined,
      idempotencyKey: postOptions.idempotencyKey,
      orderCall: postOptions.orderCall,
    };
  }

  return {
    async get<T>(path: string, query?: Query) {
      return (await request<T>('GET', path, { query })).result;
    },
    async post<T>(path: string, body?: unknown, postOptions?: PostOptions) {
      return (await request<T>('POST', path, postInit(body, postOptions))).result;
    },
    submit<T>(path: string, body?: unknown, postOptions?: PostOptions) {
      return request<T>('POST', path, postInit(body, postOptions));
    },
    async delete<T>(path: string, query?: Query) {
      return (await request<T>('DELETE', path, { query })).result;
    },
    async upload<T>(path: string, file: Blob, field = 'file') {
      const form = new FormData();
      // The browser writes the multipart boundary itself, so no Content-Type header is set here.
      form.append(field, file, (file as File).name ?? 'upload');
      return (await request<T>('POST', path, { body: form })).result;
    },
  };
}
