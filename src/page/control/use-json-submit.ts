import { useState } from 'preact/hooks'
import type { ApiExchange } from '../api-client.js'
import { parseJsonText } from './json-editor.js'
import type { AdminAccess, AdminCallOptions } from './use-admin-access.js'

/** A JSON editor's submission: its local problem and the server's answer. */
interface JsonSubmit {
  /** Why the text is not JSON (nothing was sent). */
  problem?: string
  /** The last answer of the control API. */
  result?: ApiExchange
  /** Parses `text` and sends it to `path`; a text that is not JSON is not sent. */
  submit(
    text: string,
    path: string,
    options: Omit<AdminCallOptions, 'body'>,
  ): Promise<void>
  /** Forgets the last problem and answer. */
  reset(): void
}

/**
 * Sends what a person wrote in a JSON editor to the control API: a text that
 * is not JSON is stopped here with the parser's message; anything else goes
 * to the server as written, whose answer (and `issues`) is kept to show.
 */
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
