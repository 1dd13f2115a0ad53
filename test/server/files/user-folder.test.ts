import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
// The one module that reads a user's files, which no entry exports: the
// server's media folder and build-demo's copy go through it.
import { openUserFolder } from '../../../src/server/files/open-user-folder.js'
import { UserFileError } from '../../../src/server/files/user-file-error.js'

const BYTES = new Uint8Array([10, 11, 12, 13, 14, 15, 16, 17])

let root: string
let folder: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'content-api-mock-user-folder-'))
  folder = join(root, 'media')
  await mkdir(join(folder, 'sub'), { recursive: true })
  await writeFile(join(folder, 'a.mp4'), BYTES)
  await writeFile(join(folder, 'sub', 'b.mp4'), BYTES)
  await writeFile(join(folder, '.hidden.mp4'), BYTES)
  await writeFile(join(root, 'secret.txt'), 'secret')
  execFileSync('mkfifo', [join(folder, 'pipe.mp4')])
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

async function readAll(stream: ReadableStream<Uint8Array>) {
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(UserFileError)
  const { reason, problem } = error as UserFileError
  return { reason, problem }
}

it('opens a regular file of the folder and streams it whole or by range', async () => {
  const media = await openUserFolder(folder)
  const file = await media.open('a.mp4')
  expect(file.size).toBe(BYTES.length)
  expect(await readAll(file.stream())).toEqual(BYTES)
  const again = await media.open('a.mp4')
  expect(await readAll(again.stream(2, 4))).toEqual(BYTES.subarray(2, 5))
  const unread = await media.open('a.mp4')
  unread.close()
  unread.close()
})

it('lists the entries a filter takes, sorted, without dot files, and says why the others cannot be opened', async () => {
  const media = await openUserFolder(folder)
  expect(await media.list((name) => name.endsWith('.mp4'))).toEqual({
    files: [{ name: 'a.mp4', size: BYTES.length }],
    leftOut: [
      {
        name: 'pipe.mp4',
        reason: 'not-regular',
        problem: 'a named pipe (FIFO)',
      },
    ],
  })
  expect((await media.list()).leftOut).toContainEqual({
    name: 'sub',
    reason: 'not-regular',
    problem: 'a folder',
  })
})

it('opens only direct entries: no path, no .., no link that leads out', async () => {
  const media = await openUserFolder(folder)
  for (const name of ['../secret.txt', 'sub/b.mp4', '..', '.', '']) {
    expect(await refusal(media.open(name))).toEqual({
      reason: 'missing',
      problem: 'not a name in the folder',
    })
  }
  await symlink(join(root, 'secret.txt'), join(folder, 'out.mp4'))
  expect(await refusal(media.open('out.mp4'))).toMatchObject({
    reason: 'outside',
  })
  expect(await refusal(media.open('pipe.mp4'))).toEqual({
    reason: 'not-regular',
    problem: 'a named pipe (FIFO)',
  })
})

it('refuses a file over the limit, and a folder that is missing or a file', async () => {
  const small = await openUserFolder(folder, { maxFileSize: 4 })
  expect(await refusal(small.open('a.mp4'))).toEqual({
    reason: 'too-large',
    problem: '8 bytes, over the limit of 4 bytes a file may have',
  })
  expect(await refusal(openUserFolder(join(root, 'nope')))).toEqual({
    reason: 'missing',
    problem: 'nothing is there',
  })
  expect(await refusal(openUserFolder(join(root, 'secret.txt')))).toEqual({
    reason: 'not-regular',
    problem: 'it is not a folder',
  })
})

it('follows links while they lead beneath the folder, also through a linked subfolder, out and back in, or by absolute path', async () => {
  const media = await openUserFolder(folder)
  const links: Array<[string, string]> = [
    ['rel.mp4', join('sub', 'b.mp4')],
    ['abs.mp4', join(folder, 'sub', 'b.mp4')],
    ['around.mp4', join('..', 'media', 'sub', 'b.mp4')],
    ['sub-link', 'sub'],
    ['through.mp4', join('sub-link', 'b.mp4')],
    ['chain.mp4', 'through.mp4'],
  ]
  for (const [name, target] of links) {
    await symlink(target, join(folder, name))
  }
  for (const name of [
    'rel.mp4',
    'abs.mp4',
    'around.mp4',
    'through.mp4',
    'chain.mp4',
  ]) {
    const file = await media.open(name)
    expect(file.path, name).toBe(join(folder, 'sub', 'b.mp4'))
    expect(await readAll(file.stream())).toEqual(BYTES)
  }
})

it('refuses links that lead out, even through a subfolder that is a link, and links that go in a circle', async () => {
  const media = await openUserFolder(folder)
  await mkdir(join(root, 'elsewhere'))
  await writeFile(join(root, 'elsewhere', 'b.mp4'), 'secret')
  await symlink(join(root, 'elsewhere'), join(folder, 'out-dir'))
  await symlink(join('out-dir', 'b.mp4'), join(folder, 'via-out.mp4'))
  await symlink(
    join('sub', '..', '..', 'secret.txt'),
    join(folder, 'climb.mp4'),
  )
  await symlink('circle-b.mp4', join(folder, 'circle-a.mp4'))
  await symlink('circle-a.mp4', join(folder, 'circle-b.mp4'))
  expect(await refusal(media.open('via-out.mp4'))).toEqual({
    reason: 'outside',
    problem: `a link that leads out of the folder, to ${join(root, 'elsewhere', 'b.mp4')}`,
  })
  expect(await refusal(media.open('climb.mp4'))).toEqual({
    reason: 'outside',
    problem: `a link that leads out of the folder, to ${join(root, 'secret.txt')}`,
  })
  expect(await refusal(media.open('circle-a.mp4'))).toEqual({
    reason: 'missing',
    problem: 'a link that goes in a circle',
  })
})
