import { useState } from 'preact/hooks'
import { parseJsonText } from './json-editor.js'
import type { AdminCallOptions, PanelPart } from './use-admin-access.js'
import { useAdminAction } from './use-admin-action.js'

/** Text that is not JSON stops here; the rest goes to the server as written. */
export function useJsonSubmit(part: Pick<PanelPart, 'admin' | 'onChange'>) {
  const action = useAdminAction(part)
  // Why the text is not JSON (nothing was sent).
  const [problem, setProblem] = useState<string>()
  return {
    problem,
    result: action.result,
    async submit(text: string, path: string, options: AdminCallOptions) {
      const parsed = parseJsonText(text)
      setProblem(parsed.ok ? undefined : parsed.problem)
      action.reset()
      if (parsed.ok) await action.run(path, { ...options, body: parsed.value })
    },
    reset() {
      setProblem(undefined)
      action.reset()
    },
  }
}
