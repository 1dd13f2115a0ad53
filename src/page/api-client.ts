/**
 * One request the page made and what it received, as shown in its panels.
 */
export interface ApiExchange {
  method: string
  /** The absolute URL requested. */
  url: string
  /** The HTTP status, or 0 when no response arrived (network error). */
  status: number
  /** The headers that matter to a client: rate limits and Retry-After, in the order received. */
  headers: [name: string, value: string][]
  /** The parsed JSON body, the text when it is not JSON, or undefined for none. */
  body: unknown
  /** Why no response arrived, when `status` is 0. */
  networkError?: string
  /** The same request as a curl command. */
  curl: string
}

/** How to make a request: the API key or admin token, method and JSON body. */
export interface ApiRequestOptions {
  /** Sent as `Authorization: Bearer <apiKey>`. */
  apiKey?: string
  /** Sent as `Authorization: Bearer <adminToken>` (control API). */
  adminToken?: string
  method?: string
  /** Sent as JSON. */
  body?: unknown
  /**
   * The Content-Type of `body`, default `application/json`; sent also
   * without a body when given (the control API wants JSON on every POST).
   */
  contentType?: string
  signal?: AbortSignal
}

/**
 * RATE_LIMIT_HEADER_PATTERN of src/schema/scenario.ts, copied because the
 * page imports no code of src/; test/page/page-rate-limit-headers.test.ts ties the two.
 */
export const RATE_LIMIT_HEADER = /^(?:x-)?ratelimit(?:-|$)/i

/**
 * Makes a request the way any client of the mock would, and keeps everything
 * a person needs to see about it: status, the headers that matter, the body
 * as received (error envelopes included), and an equivalent curl command.
 * Never throws for an HTTP or network failure: those are answers too.
 */
export async function callApi(
  url: string,
  options: ApiRequestOptions = {},
): Promise<ApiExchange> {
  const method = options.method ?? 'GET'
  const headers: Record<string, string> = {}
  const token = options.apiKey ?? options.adminToken
  if (token !== undefined && token !== '') {
    headers.Authorization = `Bearer ${token}`
  }
  const body =
    options.body === undefined ? undefined : JSON.stringify(options.body)
  if (body !== undefined || options.contentType !== undefined) {
    headers['Content-Type'] = options.contentType ?? 'application/json'
  }
  const absolute = new URL(url, document.baseURI).href
  const exchange: ApiExchange = {
    method,
    url: absolute,
    status: 0,
    headers: [],
    body: undefined,
    curl: toCurl(method, absolute, headers, body),
  }
  let response: Response
  try {
    response = await fetch(absolute, {
      method,
      headers,
      body,
      cache: 'no-store',
      signal: options.signal,
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    exchange.networkError = `${(error as Error).name}: ${(error as Error).message}`
    return exchange
  }
  exchange.status = response.status
  response.headers.forEach((value, name) => {
    if (RATE_LIMIT_HEADER.test(name) || name.toLowerCase() === 'retry-after') {
      exchange.headers.push([name, value])
    }
  })
  const text = await response.text()
  if (text !== '') {
    try {
      exchange.body = JSON.parse(text)
    } catch {
      exchange.body = text
    }
  }
  return exchange
}

/**
 * The curl command of a request, quoted for a POSIX shell.
 */
function toCurl(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): string {
  const parts = ['curl', '-i']
  if (method !== 'GET') parts.push('-X', method)
  for (const [name, value] of Object.entries(headers)) {
    parts.push('-H', shellQuote(`${name}: ${value}`))
  }
  if (body !== undefined) parts.push('--data-raw', shellQuote(body))
  parts.push(shellQuote(url))
  return parts.join(' ')
}

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`
}
