import { createContentApiMock, type ContentApiMock } from 'content-api-mock'
import { expect, it } from 'vitest'
import { callApi, useMswServer } from '../support/api-client.js'

const server = useMswServer()

/** Every response of a dataset, with the per-request asset URLs set aside. */
async function snapshotResponses(mock: ContentApiMock): Promise<string> {
  server.resetHandlers()
  server.use(...mock.handlers)
  const key = 'demo-key-alpha'
  const parts: unknown[] = []
  const projects = await callApi('/projects', { key })
  parts.push(projects.body)
  for (const project of projects.body.data) {
    const id = project.project_unique
    parts.push((await callApi(`/projects/${id}`, { key })).body)
    const contents = await callApi(`/projects/${id}/contents`, { key })
    parts.push(contents.body)
    for (const content of contents.body.data) {
      const detail = await callApi(
        `/projects/${id}/contents/${content.variation_unique}`,
        { key },
      )
      const { download_url, thumbnail_url, ...rest } = detail.body.data.content
      parts.push({ ...detail.body.data, content: rest })
    }
  }
  return JSON.stringify(parts)
}

it('answers byte-identical responses for the same seed', async () => {
  const first = await snapshotResponses(createContentApiMock({ seed: 42 }))
  const second = await snapshotResponses(createContentApiMock({ seed: 42 }))
  expect(first).toBe(second)
})

it('answers different data for a different seed', async () => {
  const first = await snapshotResponses(createContentApiMock({ seed: 42 }))
  const second = await snapshotResponses(createContentApiMock({ seed: 43 }))
  expect(first).not.toBe(second)
})

it('pins the generated data, so a change to the generator is seen in review', async () => {
  const mock = createContentApiMock({ seed: 1 })
  await mock.ready
  const document = mock.exportFixtures()
  expect({
    accounts: document.accounts,
    api_keys: document.api_keys,
    firstProject: document.projects[0],
    firstContent: document.contents[0],
  }).toMatchSnapshot()
})

it('keeps the existing records when the dataset grows', async () => {
  const small = createContentApiMock({ seed: 5, size: { contents: 20 } })
  const large = createContentApiMock({ seed: 5, size: { contents: 200 } })
  await Promise.all([small.ready, large.ready])
  const smallDocument = small.exportFixtures()
  const largeDocument = large.exportFixtures()
  expect(largeDocument.contents.slice(0, 20)).toEqual(smallDocument.contents)
  expect(largeDocument.projects).toEqual(smallDocument.projects)
})

it('generates the requested dataset size', async () => {
  const mock = createContentApiMock({
    seed: 3,
    size: { projects: 12, contents: 300 },
  })
  await mock.ready
  expect(mock.db.projects.count()).toBe(12)
  expect(mock.db.contents.count()).toBe(300)
})

it('never shares state between two instances', async () => {
  const first = createContentApiMock()
  const second = createContentApiMock()
  await Promise.all([first.ready, second.ready])
  first.db.contents.deleteMany((q) => q.where({ mode: 'moviemode' }))
  expect(first.db.contents.count()).toBe(0)
  expect(second.db.contents.count()).toBeGreaterThan(0)
})
