import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { loadFixture } from '../support/load-fixture.js'
import { startServer } from '../support/server.js'
import { startCli } from '../support/start-cli.js'

// Replicas behind one load balancer: an asset URL one of them issues is
// fetched through another, which accepts it only when both sign with the
// same secret.

const run = promisify(execFile)
const SECRET = 'fleet-secret-4f1c9a'
const FIXTURES = [
  '--port',
  '0',
  '--fixtures',
  'test/fixtures/small.json',
  '--log',
  'off',
]

/** The asset URLs `origin` issues for content v1, moved to `other`'s origin. */
async function urlsThrough(apiUrl: string, origin: string, other: string) {
  const response = await fetch(`${apiUrl}/projects/p1/contents/v1`, {
    headers: { authorization: 'Bearer k_a' },
  })
  const { download_url, thumbnail_url } = (await response.json()).data
    .content as { download_url: string; thumbnail_url: string }
  return [download_url, thumbnail_url].map((url) => {
    expect(url.startsWith(origin)).toBe(true)
    return other + url.slice(origin.length)
  })
}

it('accepts asset URLs issued by another server given the same assetSecret', async () => {
  const fixtures = loadFixture('small.json')
  await using one = await startServer({ fixtures, assetSecret: SECRET })
  await using two = await startServer({ fixtures, assetSecret: SECRET })
  for (const url of await urlsThrough(one.apiUrl, one.url, two.url)) {
    const response = await fetch(url)
    expect(response.status, url).toBe(200)
    await response.arrayBuffer()
  }
})

it('refuses asset URLs issued by a server with another assetSecret, or none', async () => {
  const fixtures = loadFixture('small.json')
  await using one = await startServer({ fixtures, assetSecret: SECRET })
  await using other = await startServer({ fixtures, assetSecret: 'another' })
  await using random = await startServer({ fixtures })
  for (const target of [other, random]) {
    for (const url of await urlsThrough(one.apiUrl, one.url, target.url)) {
      const response = await fetch(url)
      expect(response.status, url).toBe(403)
      expect((await response.json()).error.code).toBe('asset_url_invalid')
    }
  }
})

it('takes --asset-secret or CONTENT_API_MOCK_ASSET_SECRET, and prints it nowhere', async () => {
  await using flag = await startCli([...FIXTURES, '--asset-secret', SECRET])
  await using variable = await startCli(FIXTURES, {
    env: { CONTENT_API_MOCK_ASSET_SECRET: SECRET },
  })
  await using other = await startCli([...FIXTURES, '--asset-secret', 'x'])
  for (const url of await urlsThrough(flag.apiUrl, flag.url, variable.url)) {
    expect((await fetch(url)).status, url).toBe(200)
  }
  for (const url of await urlsThrough(
    variable.apiUrl,
    variable.url,
    flag.url,
  )) {
    expect((await fetch(url)).status, url).toBe(200)
  }
  for (const url of await urlsThrough(flag.apiUrl, flag.url, other.url)) {
    expect((await fetch(url)).status, url).toBe(403)
  }
  for (const path of ['health', 'scenarios', 'requests', 'clock', 'variants']) {
    const text = await (await fetch(`${variable.url}/__mock/${path}`)).text()
    expect(text, path).not.toContain(SECRET)
  }
  for (const cli of [flag, variable]) {
    expect(cli.stdout() + cli.stderr()).not.toContain(SECRET)
  }
})

it('names the variable in --help without showing its value', async () => {
  const { stdout } = await run(
    process.execPath,
    ['dist/cli/main.js', '--help'],
    {
      env: { ...process.env, CONTENT_API_MOCK_ASSET_SECRET: SECRET },
    },
  )
  expect(stdout).toMatch(
    /--asset-secret <secret>[\s\S]*\$CONTENT_API_MOCK_ASSET_SECRET/,
  )
  expect(stdout).not.toContain(SECRET)
})
