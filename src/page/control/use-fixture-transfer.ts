import type { ApiExchange } from '../api-client.js'
import { parseJsonText } from './json-editor.js'
import type { PanelPart } from './use-admin-access.js'
import { useAdminAction } from './use-admin-action.js'

export const FIXTURE_FILE_NAME = 'fixtures.json'

/**
 * Downloads, uploads and resets the dataset through the control API, and
 * keeps the last answer, what it did, or why a file was not sent.
 */
export function useFixtureTransfer(part: PanelPart) {
  const action = useAdminAction(part)
  return {
    result: action.result,
    done: action.done,
    problem: action.problem,
    async download() {
      const done = `Downloaded ${FIXTURE_FILE_NAME}.`
      const answer = await action.run('/fixtures', {}, done)
      if (answer.status === 200) saveAsFile(answer.body, FIXTURE_FILE_NAME)
    },
    async upload(event: Event) {
      const input = event.target as HTMLInputElement
      const file = input.files?.[0]
      input.value = ''
      if (file === undefined) return
      const parsed = parseJsonText(await file.text())
      if (!parsed.ok) {
        action.reset(`${file.name}: ${parsed.problem} Nothing was loaded.`)
        return
      }
      const body = parsed.value
      await action.run('/fixtures', { method: 'PUT', body }, (answer) => {
        const { projects, contents } = counts(answer)
        return `Loaded ${file.name}: ${projects} projects, ${contents} contents.`
      })
    },
    async reset() {
      const options = { method: 'POST', contentType: 'application/json' }
      await action.run('/reset', options, (answer) => {
        const { projects, contents } = counts(answer)
        return `Reset: the start data (${projects} projects, ${contents} contents), start scenarios, real time, an empty journal.`
      })
    },
  }
}

function counts(answer: ApiExchange) {
  return (answer.body ?? {}) as { projects?: number; contents?: number }
}

// A fetch then a blob URL, not a link: a link cannot send the admin token.
function saveAsFile(body: unknown, name: string): void {
  const blob = new Blob([`${JSON.stringify(body, null, 2)}\n`], {
    type: 'application/json',
  })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
