import * as z from 'zod'

/** A zod transform of a value by `parse`, its problem as the issue. */
export function checkParsed<Input, Parsed extends { ok: true }>(
  parse: (value: Input) => Parsed | { ok: false; problem: string },
) {
  return (value: Input, context: z.RefinementCtx<Input>) => {
    const result = parse(value)
    if (result.ok) return result
    context.addIssue({ code: 'custom', message: result.problem })
    return z.NEVER
  }
}
