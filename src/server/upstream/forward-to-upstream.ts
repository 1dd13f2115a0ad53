import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createUpstreamUrl } from './create-upstream-url.js'
import type { Upstream } from './resolve-upstream.js'
import { selectUpstreamHeaders } from './select-upstream-headers.js'
import { writeJsonError } from '../answers/write-json-error.js'
import { PROXIED_HEADER } from './proxied-header.js'

// A larger body still passes through to the client, unrecorded.
const MAX_RECORDED_BYTES = 64 * 1024 * 1024

const RECORDED_ENDPOINTS = new Set([
  'listProjects',
  'getProject',
  'listContents',
  'getContent',
])

interface ForwardTarget {
  /** The path below the mock's API prefix. */
  subpath: string
  query: string
  endpoint: string | undefined
}

// Resolves with the status sent (502 unreachable, 504 too slow), 0 when cut.
export function forwardToUpstream(
  request: IncomingMessage,
  response: ServerResponse,
  upstream: Upstream,
  target: ForwardTarget,
): Promise<number> {
  if ((request.headers.via ?? '').includes(upstream.via)) {
    writeJsonError(
      response,
      502,
      'bad_gateway',
      `This request came back to the mock that forwarded it: the proxy URL (--proxy, the server's upstream.url option) ${upstream.url} points at this mock itself. Point it at the real service.`,
    )
    return Promise.resolve(502)
  }
  return forward(request, response, upstream, target).catch(() => {
    response.destroy()
    return 0
  })
}

async function forward(
  request: IncomingMessage,
  response: ServerResponse,
  upstream: Upstream,
  target: ForwardTarget,
): Promise<number> {
  const method = request.method === 'HEAD' ? 'HEAD' : 'GET'
  const shownPath = `${method} ${upstream.basePath}${target.subpath}`
  const url = createUpstreamUrl(upstream, target.subpath, target.query)
  if (url === undefined) {
    writeJsonError(
      response,
      400,
      'bad_request',
      `${request.method} ${request.url} is not forwarded to the real service: its path leaves the base URL ${upstream.url} (dot segments such as /.. climb above it). Send the path without them.`,
    )
    return 400
  }
  const timeout = AbortSignal.timeout(upstream.timeout)
  const left = new AbortController()
  const abandon = () => {
    if (!response.writableFinished) left.abort()
  }
  response.once('close', abandon)
  try {
    let answer: Response
    try {
      answer = await fetch(url, {
        method,
        headers: {
          ...selectUpstreamHeaders('request', Object.entries(request.headers)),
          via: upstream.via,
        },
        redirect: 'manual',
        signal: AbortSignal.any([timeout, left.signal]),
      })
    } catch (error) {
      if (left.signal.aborted) return 0
      const { aborted } = timeout
      return writeFetchFailure(response, upstream, shownPath, error, aborted)
    }
    return await passAnswerOn(answer, response, upstream, target, method)
  } finally {
    response.off('close', abandon)
  }
}

async function passAnswerOn(
  answer: Response,
  response: ServerResponse,
  upstream: Upstream,
  target: ForwardTarget,
  method: string,
): Promise<number> {
  const headers = selectUpstreamHeaders('response', answer.headers)
  headers[PROXIED_HEADER] = upstream.origin
  response.writeHead(answer.status, headers)
  if (answer.body === null || method === 'HEAD') {
    response.end()
    return answer.status
  }
  const body = Readable.fromWeb(
    answer.body as import('node:stream/web').ReadableStream<Uint8Array>,
  )
  const recorded =
    upstream.onAnswer !== undefined &&
    answer.status === 200 &&
    target.endpoint !== undefined &&
    RECORDED_ENDPOINTS.has(target.endpoint)
      ? collect(body)
      : undefined
  try {
    await pipeline(body, response)
  } catch {
    response.destroy()
    return 0
  }
  const text = recorded?.()
  if (text !== undefined) {
    upstream.onAnswer?.({
      endpoint: target.endpoint!,
      path: target.subpath,
      query: target.query,
      status: answer.status,
      body: text,
    })
  }
  return answer.status
}

function writeFetchFailure(
  response: ServerResponse,
  upstream: Upstream,
  shownPath: string,
  error: unknown,
  timedOut: boolean,
): number {
  if (timedOut) {
    writeJsonError(
      response,
      504,
      'gateway_timeout',
      `The real service at ${upstream.origin} sent no answer to ${shownPath} within ${upstream.timeout} ms (proxy mode). Check that the service is up, or give it more time with the server's upstream.timeout option.`,
    )
    return 504
  }
  writeJsonError(
    response,
    502,
    'bad_gateway',
    `The real service at ${upstream.origin} could not be reached for ${shownPath} (${describeCause(error)}), so proxy mode could not forward this request. Check that the service is up and that the --proxy URL (the server's upstream.url option) is right: ${upstream.url}.`,
  )
  return 502
}

function collect(body: Readable): () => string | undefined {
  const chunks: Buffer[] = []
  let size = 0
  body.on('data', (chunk: Buffer) => {
    size += chunk.byteLength
    if (size <= MAX_RECORDED_BYTES) chunks.push(chunk)
  })
  return () =>
    size > MAX_RECORDED_BYTES
      ? undefined
      : Buffer.concat(chunks).toString('utf8')
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })
    .cause
  if (typeof cause?.code === 'string') return cause.code
  if (typeof cause?.message === 'string') return cause.message
  return (error as Error).message
}
