import { createContentApiMock } from 'content-api-mock'
import { expect, it } from 'vitest'
import {
  ORIGIN,
  callApi,
  useSmallDatasetServer,
} from '../support/api-client.js'

const { server, useSmallDataset } = useSmallDatasetServer()

it('lists the projects the key owns and those shared with it, newest first', async () => {
  useSmallDataset()
  const { status, headers, body } = await callApi('/projects', { key: 'k_a' })
  expect(status).toBe(200)
  expect(headers.get('content-type')).toBe('application/json; charset=utf-8')
  expect(body).toEqual({
    data: [
      {
        project_unique: 'p2',
        project_name: 'Beta Tutorials',
        description: 'Shared with Alpha, read-only.',
        created_at: '2024-04-01T10:00:00Z',
      },
      {
        project_unique: 'p1',
        project_name: 'Spring Sneaker Launch',
        description: 'Short videos for the spring collection.',
        created_at: '2024-03-01T09:30:00Z',
      },
      {
        project_unique: 'p4',
        project_name: 'Empty Alpha Project',
        description: '',
        created_at: '2024-02-01T08:00:00Z',
      },
    ],
    meta: { total: 3 },
  })
})

it('lists oldest first when listOrder is oldest-first', async () => {
  useSmallDataset({ listOrder: 'oldest-first' })
  const { body } = await callApi('/projects', { key: 'k_a' })
  expect(body.data.map((p: any) => p.project_unique)).toEqual([
    'p4',
    'p1',
    'p2',
  ])
})

it('answers an empty list with total 0 for an account without projects', async () => {
  useSmallDataset()
  const { status, body } = await callApi('/projects', { key: 'k_c' })
  expect(status).toBe(200)
  expect(body).toEqual({ data: [], meta: { total: 0 } })
})

it('returns a project detail with is_readonly and nothing internal', async () => {
  useSmallDataset()
  const { status, body } = await callApi('/projects/p2', { key: 'k_a' })
  expect(status).toBe(200)
  expect(body).toEqual({
    data: {
      project_unique: 'p2',
      project_name: 'Beta Tutorials',
      description: 'Shared with Alpha, read-only.',
      created_at: '2024-04-01T10:00:00Z',
      is_readonly: true,
    },
  })
})

it('lists the contents of a project with the list fields only', async () => {
  useSmallDataset()
  const { status, body } = await callApi('/projects/p1/contents', {
    key: 'k_a',
  })
  expect(status).toBe(200)
  expect(body).toEqual({
    data: [
      {
        mode: 'moviemode',
        variation_unique: 'v2',
        title: 'Teaser, still rendering',
        progress: { step_process: 2, is_complete: false },
        created_at: '2024-03-05T10:00:00Z',
      },
      {
        mode: 'moviemode',
        variation_unique: 'v1',
        title: 'How to lace white sneakers',
        progress: { step_process: 5, is_complete: true },
        created_at: '2024-03-02T10:00:00Z',
      },
    ],
    meta: { total: 2 },
  })
})

it('answers an empty content list for a project without contents', async () => {
  useSmallDataset()
  const { status, body } = await callApi('/projects/p4/contents', {
    key: 'k_a',
  })
  expect(status).toBe(200)
  expect(body).toEqual({ data: [], meta: { total: 0 } })
})

it('returns a moviemode content with publish results and signed asset URLs on the request origin', async () => {
  useSmallDataset()
  const { status, body } = await callApi('/projects/p1/contents/v1', {
    key: 'k_a',
  })
  expect(status).toBe(200)
  const { content, ...rest } = body.data
  expect(rest).toEqual({
    mode: 'moviemode',
    variation_unique: 'v1',
    title: 'How to lace white sneakers',
    progress: { step_process: 5, is_complete: true },
    created_at: '2024-03-02T10:00:00Z',
    publish: [
      {
        platform: 'youtube',
        status: 'success',
        post_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        posted_at: '2024-03-03T10:00:00Z',
      },
      {
        platform: 'tiktok',
        status: 'success',
        post_url: 'https://www.tiktok.com/@alpha/video/7345678901234567890',
        posted_at: '2024-03-03T11:00:00Z',
      },
    ],
  })
  expect(Object.keys(content)).toEqual([
    'movie_unique',
    'download_url',
    'thumbnail_url',
  ])
  expect(content.movie_unique).toBe('m1')
  for (const url of [content.download_url, content.thumbnail_url]) {
    const parsed = new URL(url)
    expect(parsed.origin).toBe(ORIGIN)
    expect(parsed.pathname.startsWith('/__assets/m1/')).toBe(true)
    expect(parsed.searchParams.get('expires')).toMatch(/^\d+$/)
    expect(parsed.searchParams.get('nonce')).toBeTruthy()
    expect(parsed.searchParams.get('signature')).toBeTruthy()
  }
})

it('issues different asset URLs on every request', async () => {
  useSmallDataset()
  const first = await callApi('/projects/p1/contents/v1', { key: 'k_a' })
  const second = await callApi('/projects/p1/contents/v1', { key: 'k_a' })
  expect(first.body.data.content.download_url).not.toBe(
    second.body.data.content.download_url,
  )
  expect(first.body.data.content.thumbnail_url).not.toBe(
    second.body.data.content.thumbnail_url,
  )
  const { content: a, ...restA } = first.body.data
  const { content: b, ...restB } = second.body.data
  expect(restA).toEqual(restB)
})

it('issues asset URLs on whichever origin the request came to', async () => {
  useSmallDataset()
  const { body } = await callApi('/projects/p1/contents/v1', {
    key: 'k_a',
    baseUrl: 'http://localhost:5173/public-api/v1',
  })
  expect(new URL(body.data.content.download_url).origin).toBe(
    'http://localhost:5173',
  )
})

it('returns the content object of a mode other than moviemode as the fixture has it', async () => {
  useSmallDataset()
  const { status, body } = await callApi('/projects/p2/contents/v3', {
    key: 'k_a',
  })
  expect(status).toBe(200)
  expect(body.data.mode).toBe('blogmode')
  expect(body.data.content).toEqual({
    body: 'Tip one: keep it short.',
    word_count: 5,
  })
})

it('answers from the seeded demo dataset with no options at all', async () => {
  const mock = createContentApiMock()
  server.use(...mock.handlers)
  const projects = await callApi('/projects', { key: 'demo-key-alpha' })
  expect(projects.status).toBe(200)
  expect(projects.body.meta.total).toBe(projects.body.data.length)
  expect(projects.body.data.length).toBeGreaterThan(1)
  let detailsChecked = 0
  for (const project of projects.body.data) {
    const contents = await callApi(
      `/projects/${project.project_unique}/contents`,
      {
        key: 'demo-key-alpha',
      },
    )
    expect(contents.status).toBe(200)
    for (const item of contents.body.data.slice(0, 2)) {
      const detail = await callApi(
        `/projects/${project.project_unique}/contents/${item.variation_unique}`,
        { key: 'demo-key-alpha' },
      )
      expect(detail.status).toBe(200)
      detailsChecked++
    }
  }
  expect(detailsChecked).toBeGreaterThan(0)
})
