import { useState } from 'preact/hooks'
import type { ApiExchange } from '../api-client.js'
import type { AdminCallOptions, PanelPart } from './use-admin-access.js'

type Success = string | ((answer: ApiExchange) => string)

/** A control call's last answer and success line; calls bump the revision. */
export function useAdminAction(part: Pick<PanelPart, 'admin' | 'onChange'>) {
  const [result, setResult] = useState<ApiExchange>()
  const [done, setDone] = useState('')
  return {
    result,
    done,
    async run(path: string, options: AdminCallOptions, success: Success = '') {
      const answer = await part.admin.call(path, options)
      setDone(typeof success === 'string' ? success : success(answer))
      setResult(answer)
      part.onChange()
      return answer
    },
    reset: () => setResult(undefined),
  }
}
