import * as z from 'zod'
import type { HttpUrlResult } from './parse-http-url.js'

/** A zod transform of a URL string by `parse`, its problem as the issue. */
export function checkHttpUrl(parse: (value: string) => HttpUrlResult) {
  return (value: string, context: z.RefinementCtx<string>) => {
    const result = parse(value)
    if (result.ok) return result
    context.addIssue({ code: 'custom', message: result.problem })
    return z.NEVER
  }
}
