import { useState } from 'preact/hooks'
import type { ApiExchange } from '../api-client.js'
import { parseJsonText } from './json-editor.js'
import type { AdminAccess, AdminCallOptions } from './use-admin-access.js'

interface JsonSubmit {
  /** Why the text is not JSON (nothing was sent). */
  problem?: string
  result?: ApiExchange
  submit(
    text: string,
    path: string,
    options: Omit<AdminCallOptions, 'body'>,
  ): Promise<void>
  reset(): void
}

/** Text that is not JSON stops here; the rest goes to the server as written. */
export function useJsonSubmit(
  admin: AdminAccess,
  onChange: () => void,
): JsonSubmit {
  const [problem, setProblem] = useState<string>()
  const [result, setResult] = useState<ApiExchange>()
  return {
    problem,
    result,
    async submit(text, path, options) {
      const parsed = parseJsonText(text)
      setProblem(parsed.ok ? undefined : parsed.problem)
      setResult(undefined)
      if (!parsed.ok) return
      setResult(await admin.call(path, { ...options, body: parsed.value }))
      onChange()
    },
    reset() {
      setProblem(undefined)
      setResult(undefined)
    },
  }
}
