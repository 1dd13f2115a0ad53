import { expect } from 'vitest'

/**
 * What a run of random requests must not change, once the mock is reset:
 * the project list and content v1 of test/fixtures/small.json, seen with
 * key `k_a`, without the signed asset URLs (new on every answer), which are
 * returned apart to be fetched.
 * @example
 * expect(await readBaseline(server.apiUrl)).toEqual(before)
 */
export async function readBaseline(apiUrl: string) {
  const headers = { authorization: 'Bearer k_a' }
  const projects = await fetch(`${apiUrl}/projects`, { headers })
  const content = await fetch(`${apiUrl}/projects/p1/contents/v1`, { headers })
  const detail = await content.json()
  const { download_url, thumbnail_url, ...rest } = detail.data.content
  return {
    statuses: [projects.status, content.status],
    projects: await projects.json(),
    content: { ...detail.data, content: rest },
    download_url: download_url as string,
    thumbnail_url: thumbnail_url as string,
  }
}

/**
 * Checks that the API answers as `readBaseline` read it before, and that
 * the content's freshly signed video URL serves the video.
 * @example
 * await expectBaseline(server.apiUrl, before)
 */
export async function expectBaseline(
  apiUrl: string,
  before: Awaited<ReturnType<typeof readBaseline>>,
): Promise<void> {
  const after = await readBaseline(apiUrl)
  expect(after).toEqual({
    ...before,
    download_url: expect.any(String),
    thumbnail_url: expect.any(String),
  })
  const video = await fetch(after.download_url)
  expect(video.status).toBe(200)
  expect(video.headers.get('content-type')).toBe('video/mp4')
}
