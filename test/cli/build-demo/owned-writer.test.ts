import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createHash } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
// The writer of build-demo folders, which no entry exports: these tests put
// a change of the folder at an exact step of a build, which the races of
// build-demo.test.ts hit only now and then.
import { CliError } from '../../../src/cli/cli-error.js'
import { createOwnedWriter } from '../../../src/cli/build-demo/create-owned-writer.js'

const MANIFEST = '.content-api-mock-build-demo.json'
const work = mkdtempSync(join(tmpdir(), 'content-api-mock-owned-writer-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const listed = (folder: string) =>
  Object.keys(JSON.parse(readFileSync(join(folder, MANIFEST), 'utf8')).files)

it("goes on writing into the media/ folder it opened when the name is swapped for a link to a folder of the user's, and removes nothing there", async () => {
  const output = join(work, 'swapped')
  const user = join(work, 'swapped-user')
  mkdirSync(output)
  mkdirSync(user)
  writeFileSync(join(user, 'b.jpg'), "the user's b.jpg")
  const writer = await createOwnedWriter(output, new Map())
  await writer.write('media/a.jpg', 'a')
  renameSync(join(output, 'media'), join(output, 'media-moved'))
  symlinkSync(user, join(output, 'media'))

  await writer.write('media/b.jpg', 'b')
  await writer.finish()

  expect(readdirSync(user)).toEqual(['b.jpg'])
  expect(readFileSync(join(user, 'b.jpg'), 'utf8')).toBe("the user's b.jpg")
  expect(readdirSync(join(output, 'media-moved')).sort()).toEqual([
    'a.jpg',
    'b.jpg',
  ])

  // The next build finds the link and neither writes nor removes through it.
  const next = await createOwnedWriter(
    output,
    new Map([['media/b.jpg', sha256('b')]]),
  )
  await next.write('media/b.jpg', 'b again')
  const { warnings } = await next.finish()
  expect(warnings).toEqual([
    `media/b.jpg: its folder media is a link (to ${user}), and build-demo writes only into folders of the output itself; not written`,
  ])
  expect(readdirSync(user)).toEqual(['b.jpg'])
})

it('ends a build whose source fails midway with one line, its list naming the files written, and no temporary file left', async () => {
  const output = join(work, 'failing')
  mkdirSync(output)
  const writer = await createOwnedWriter(output, new Map([['old.txt', 'x']]))
  await writer.write('index.html', '<p>demo</p>')
  async function* cutShort() {
    yield new TextEncoder().encode('first bytes')
    throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' })
  }
  const error = await writer.copy('media/clip.mp4', cutShort()).then(
    () => undefined,
    (reason: unknown) => reason,
  )

  expect(error).toBeInstanceOf(CliError)
  expect((error as Error).message).toMatch(
    /^build-demo could not write media\/clip\.mp4 in .+: EIO: i\/o error, read\. If another program changed the folder meanwhile, run build-demo again: the files it wrote are listed in \.content-api-mock-build-demo\.json, so the next run replaces them\.$/,
  )
  expect(listed(output).sort()).toEqual(['index.html', 'old.txt'])
  expect(readdirSync(join(output, 'media'))).toEqual([])
  expect(readdirSync(output).sort()).toEqual([MANIFEST, 'index.html', 'media'])
})

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}
