export interface ApiExchange {
  method: string
  url: string
  /** 0 when no response arrived. */
  status: number
  /** Rate limits and Retry-After, in the order received. */
  headers: [name: string, value: string][]
  /** Parsed JSON, the text when it is not JSON, or undefined for none. */
  body: unknown
  networkError?: string
  curl: string
}

export interface ApiRequestOptions {
  apiKey?: string
  adminToken?: string
  method?: string
  body?: unknown
  /** Sent even without a body (the control API wants JSON on every POST). */
  contentType?: string
  signal?: AbortSignal
}

// Copied from src/schema/scenario.ts (the page imports no code of src/);
// test/page/page-rate-limit-headers.test.ts ties the two.
export const RATE_LIMIT_HEADER = /^(?:x-)?ratelimit(?:-|$)/i

// Never throws for an HTTP or network failure: those are answers too.
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

/** Whether the exchange got a 2xx answer. */
export function isSuccess(exchange: { status: number } | undefined): boolean {
  return (
    exchange !== undefined && exchange.status >= 200 && exchange.status < 300
  )
}

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
