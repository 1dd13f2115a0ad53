import { useState } from 'preact/hooks'
import type { ApiExchange } from '../api-client.js'
import { parseJsonText } from './json-editor.js'
import type { AdminAccess } from './use-admin-access.js'

/** The name a downloaded fixture document gets. */
export const FIXTURE_FILE_NAME = 'fixtures.json'

/**
 * Downloads, uploads and resets the dataset through the control API, and
 * keeps the last answer, what it did, or why a file was not sent.
 */
export function useFixtureTransfer(admin: AdminAccess, onChange: () => void) {
  const [result, setResult] = useState<ApiExchange>()
  const [done, setDone] = useState('')
  const [problem, setProblem] = useState<string>()
  const show = (exchange: ApiExchange, what: string) => {
    setProblem(undefined)
    setDone(what)
    setResult(exchange)
  }
  const changed = (exchange: ApiExchange, what: string) => {
    show(exchange, what)
    onChange()
  }
  const counts = (exchange: ApiExchange) =>
    exchange.body as { projects?: number; contents?: number }

  return {
    result,
    done,
    problem,
    async download() {
      const exchange = await admin.call('/fixtures')
      if (exchange.status !== 200) return changed(exchange, '')
      saveAsFile(exchange.body, FIXTURE_FILE_NAME)
      show(exchange, `Downloaded ${FIXTURE_FILE_NAME}.`)
    },
    async upload(event: Event) {
      const input = event.target as HTMLInputElement
      const file = input.files?.[0]
      input.value = ''
      if (file === undefined) return
      const parsed = parseJsonText(await file.text())
      if (!parsed.ok) {
        setResult(undefined)
        setProblem(`${file.name}: ${parsed.problem} Nothing was loaded.`)
        return
      }
      const body = parsed.value
      const exchange = await admin.call('/fixtures', { method: 'PUT', body })
      const { projects, contents } = counts(exchange) ?? {}
      changed(
        exchange,
        `Loaded ${file.name}: ${projects} projects, ${contents} contents.`,
      )
    },
    async reset() {
      const exchange = await admin.call('/reset', {
        method: 'POST',
        contentType: 'application/json',
      })
      const { projects, contents } = counts(exchange) ?? {}
      changed(
        exchange,
        `Reset: the start data (${projects} projects, ${contents} contents), start scenarios, real time, an empty journal.`,
      )
    },
  }
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
