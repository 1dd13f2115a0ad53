import type { Request } from 'express'

export function queryOf(request: Request): URLSearchParams {
  return new URL(request.originalUrl, 'http://localhost').searchParams
}
