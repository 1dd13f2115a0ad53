import { useState } from 'preact/hooks'
import type { ApiExchange } from '../api-client.js'
import { parseJsonText } from './json-editor.js'
import type { AdminCallOptions, PanelPart } from './use-admin-access.js'

type Success = string | ((answer: ApiExchange) => string)

/**
 * A control call's last answer and success line, or why nothing was sent;
 * calls bump the revision.
 */
export function useAdminAction(part: Pick<PanelPart, 'admin' | 'onChange'>) {
  const [result, setResult] = useState<ApiExchange>()
  const [done, setDone] = useState('')
  const [problem, setProblem] = useState<string>()
  const action = {
    result,
    done,
    problem,
    async run(path: string, options: AdminCallOptions, success: Success = '') {
      setProblem(undefined)
      const answer = await part.admin.call(path, options)
      setDone(typeof success === 'string' ? success : success(answer))
      setResult(answer)
      part.onChange()
      return answer
    },
    /** Forgets the last answer; `problem` says why nothing is sent. */
    reset(problem?: string) {
      setResult(undefined)
      setProblem(problem)
    },
    /** Text that is not JSON stops here; the rest goes as written. */
    async runJson(text: string, path: string, options: AdminCallOptions) {
      const parsed = parseJsonText(text)
      action.reset(parsed.ok ? undefined : parsed.problem)
      if (parsed.ok) await action.run(path, { ...options, body: parsed.value })
    },
  }
  return action
}
