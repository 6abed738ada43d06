import type { AccountMode } from '../contract/common';
import { errors } from '../contract/error-names';
import {
  catalogue,
  catalogueCodes,
  isCatalogueCode,
  type Envelope,
  type SuccessCode,
} from '../contract/catalogue';
import {
  routePath,
  routes,
  type CustomerRouteKey,
  type HttpMethod,
  type StaffRouteKey,
  type NoFields,
  type RouteInput,
  type RouteKey,
  type RouteResult,
  type Routes,
  type RouteScope,
} from '../contract/routes';
import { ApiError } from './api-error';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface ApiClientOptions {
  /** Where the customer API lives; absolute (`https://host/swx/customer`) or relative to the page. */
  baseUrl?: string;
  getToken: () => string | null;
  /** The customer's account mode, sent as `virtually`; staff clients have none. */
  getMode?: () => AccountMode;
  /**
   * Called before the 401 is thrown, so the session is already cleared when callers see the error; with the
   * token the refused request carried (a request sent before a sign-out may answer after it).
   */
  onUnauthorized: (sentToken: string | null) => void;
  fetch?: typeof fetch;
  /** The seed's client timeout (90 s). */
  timeoutMs?: number;
}

export interface CallOptions {
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

/** The input may be left out when the route needs no path parameter, query or body field. */
export type CallArgs<K extends RouteKey> =
  NoFields extends RouteInput<K>
    ? [input?: RouteInput<K>, options?: CallOptions]
    : [input: RouteInput<K>, options?: CallOptions];

/** Routes of a scope that answer with a file instead of an envelope (the records CSV, an upload's image). */
type FileRouteOf<Scope extends RouteScope> = {
  [K in RouteKey]: Routes[K] extends { scope: Scope; method: 'GET'; result?: undefined } ? K : never;
}[RouteKey];

/** Customer routes that answer with a file instead of an envelope (the records CSV). */
export type FileRouteKey = FileRouteOf<'customer'>;
/** Staff routes that answer with a file (a proof image, an identity photo, a contract PDF). */
export type StaffFileRouteKey = FileRouteOf<'admin'>;

/**
 * Calls one API scope by route key (`shared/src/contract/routes.ts`): method, path, parameters and the
 * result type all come from the route map, so a renamed field or path fails the type check on both sides.
 */
export interface ScopedApiClient<Key extends RouteKey, FileKey extends RouteKey> {
  call<K extends Key>(key: K, ...args: CallArgs<K>): Promise<RouteResult<K>>;
  /** Like `call`, and also hands back the success code so the screen can confirm it ("20002": deposit submitted). */
  submit<K extends Key>(key: K, ...args: CallArgs<K>): Promise<ApiAnswer<RouteResult<K>>>;
  /** A multipart upload of one file to a route that answers with an envelope (`uploads.uploadImage`). */
  upload<K extends Key>(key: K, file: Blob, field?: string): Promise<RouteResult<K>>;
  /** A download that is not an envelope (the records CSV), with the same token and account-mode headers. */
  download<K extends FileKey>(key: K, ...args: CallArgs<K>): Promise<Blob>;
}

/** The customer API client (`/swx/customer`). */
export type ApiClient = ScopedApiClient<CustomerRouteKey, FileRouteKey>;

/**
 * The staff API client (`/swx/admin`): its own instance with its own token, so a staff session and a
 * customer session never share a credential (the back office module owns it).
 */
export type StaffApiClient = ScopedApiClient<StaffRouteKey, StaffFileRouteKey>;

/** Success codes are the catalogue's other HTTP-200 entries (20001–20005), sent in `message`. */
const successCodes: ReadonlySet<string> = new Set(
  catalogueCodes.filter((code) => code !== '200' && catalogue[code].status === 200),
);

/** `?type=2&type=3`: GET array parameters repeat the key (docs/product.md, the API); empty values are left out. */
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

interface RequestInit2 {
  query?: Query;
  body?: BodyInit;
  json?: boolean;
  idempotencyKey?: string;
  orderCall?: boolean;
}

/** The HTTP status and the body, read under the same timer as the answer: a stalled body is a timeout too. */
interface Exchange {
  response: Response;
  payload: unknown;
  blob: Blob | null;
  /** The token the request carried. */
  sentToken: string | null;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  return createScopedClient(options, '/swx/customer');
}

/** A staff API client on `/swx/admin` (or `options.baseUrl`); it sends no account mode. */
export function createStaffApiClient(options: Omit<ApiClientOptions, 'getMode'>): StaffApiClient {
  return createScopedClient(options, '/swx/admin');
}

function createScopedClient<Key extends RouteKey, FileKey extends RouteKey>(
  options: ApiClientOptions,
  defaultBase: string,
): ScopedApiClient<Key, FileKey> {
  const baseUrl = (options.baseUrl ?? defaultBase).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 90_000;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function headersFor(init: RequestInit2, token: string | null): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
    };
    if (options.getMode) headers.virtually = options.getMode() === 'real' ? 'YES' : 'NO';
    if (token) headers.Authorization = token;
    if (init.json) headers['Content-Type'] = 'application/json';
    if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;
    return headers;
  }

  async function exchange(
    method: HttpMethod,
    path: string,
    init: RequestInit2,
    asFile: boolean,
  ): Promise<Exchange> {
    const orderCall = init.orderCall ?? false;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const sentToken = options.getToken();
    try {
      const response = await doFetch(`${baseUrl}${path}${buildQuery(init.query)}`, {
        method,
        headers: headersFor(init, sentToken),
        body: init.body,
        signal: controller.signal,
      });
      if (asFile && response.ok) return { response, payload: null, blob: await response.blob(), sentToken };
      const text = await response.text();
      let payload: unknown = null;
      try {
        payload = text ? JSON.parse(text) : null;
      } catch {
        payload = null;
      }
      return { response, payload, blob: null, sentToken };
    } catch (cause) {
      if (controller.signal.aborted) {
        throw new ApiError('timeout', `No answer within ${timeoutMs} ms`, 0, { orderCall, cause });
      }
      throw new ApiError('network', 'Network failure', 0, { orderCall, cause });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Turns a refusal into an `ApiError` (clearing the session first on 401); a success passes through. */
  function refuseUnlessOk(
    { response, payload, sentToken }: Exchange,
    orderCall: boolean,
  ): Envelope<unknown> | null {
    const envelope = isEnvelope(payload) ? payload : null;
    if (response.status === 401 || envelope?.code === errors.unauthorised) {
      options.onUnauthorized(sentToken);
      throw new ApiError(errors.unauthorised, envelope?.message ?? 'Unauthorised', 401, { orderCall });
    }
    if (!envelope) {
      if (response.ok) return null;
      // Not our envelope (a proxy's error page, an empty body): keep the status when the catalogue knows it.
      const statusCode = String(response.status);
      const code = isCatalogueCode(statusCode) ? statusCode : 'unknown';
      throw new ApiError(code, `Unexpected answer (HTTP ${response.status})`, response.status, { orderCall });
    }
    if (envelope.code !== '200') {
      const retryAfterSeconds = retryAfterOf(response);
      throw new ApiError(envelope.code, envelope.message, response.status, {
        orderCall,
        retryAfterSeconds,
        fields: envelope.fields,
      });
    }
    return envelope;
  }

  async function request<T>(method: HttpMethod, path: string, init: RequestInit2): Promise<ApiAnswer<T>> {
    const orderCall = init.orderCall ?? false;
    const received = await exchange(method, path, init, false);
    const envelope = refuseUnlessOk(received, orderCall);
    if (!envelope) {
      const status = received.response.status;
      throw new ApiError('unknown', `Unexpected answer (HTTP ${status})`, status, { orderCall });
    }
    const successCode = successCodes.has(envelope.message) ? (envelope.message as SuccessCode) : null;
    return { result: envelope.result as T, successCode };
  }

  function initFor(key: RouteKey, input: RouteInput<RouteKey> = {}, callOptions: CallOptions = {}) {
    const route: Routes[RouteKey] = routes[key];
    const { params, query, body } = input as {
      params?: Record<string, unknown>;
      query?: Query;
      body?: unknown;
    };
    const path = routePath(route.path, params);
    const init: RequestInit2 = {
      query,
      body: body === undefined ? undefined : JSON.stringify(body),
      json: body !== undefined,
      idempotencyKey: callOptions.idempotencyKey,
      orderCall: callOptions.orderCall,
    };
    return { method: route.method, path, init };
  }

  function submit<K extends Key>(key: K, ...[input, callOptions]: CallArgs<K>) {
    const { method, path, init } = initFor(key, input as RouteInput<RouteKey>, callOptions);
    return request<RouteResult<K>>(method, path, init);
  }

  return {
    async call(key, ...args) {
      return (await submit(key, ...args)).result;
    },
    submit,
    async upload(key, file, field = 'file') {
      const form = new FormData();
      // The browser writes the multipart boundary itself, so no Content-Type header is set here.
      form.append(field, file, (file as File).name ?? 'upload');
      const route = routes[key];
      return (await request<RouteResult<typeof key>>(route.method, route.path, { body: form })).result;
    },
    async download(key, ...[input, callOptions]) {
      const { method, path, init } = initFor(key, input as RouteInput<RouteKey>, callOptions);
      const received = await exchange(method, path, init, true);
      refuseUnlessOk(received, false);
      if (received.blob) return received.blob;
      const status = received.response.status;
      throw new ApiError('unknown', `Unexpected answer (HTTP ${status})`, status);
    },
  };
}

/** `Retry-After` as seconds (the server sends a number of seconds, never a date); undefined without one. */
function retryAfterOf(response: Response): number | undefined {
  const header = response.headers?.get('retry-after');
  const seconds = header ? Number(header) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}
