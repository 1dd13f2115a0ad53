import { readFile } from 'node:fs/promises'
import { expect } from 'vitest'
import {
  ALPHA,
  clean,
  misconduct,
  useControlPanelSuite,
} from '../support/control-panel-page.js'
import { startServer } from '../support/server.js'

// The control panel (`#/control`) in a real Chromium against a real server
// works on the dataset: the fixture downloaded and
// uploaded, a record patched, found in the picker and edited.

const { itInBrowser, openPanel, startPanel, watchedPage } =
  useControlPanelSuite()

itInBrowser(
  'downloads the fixture document, lists every bad path of an upload without loading it, loads a good one, resets',
  async () => {
    const { server, page, watch } = await startPanel()
    const download = page.waitForEvent('download')
    await page.click('button:text-is("Download fixtures.json")')
    const saved = await (await download).path()
    const document = JSON.parse(await readFile(saved, 'utf8'))
    expect(document.projects).toHaveLength(8)

    const bad = structuredClone(document)
    bad.projects[0].project_unique = 7
    bad.contents[0].progress.step_process = -1
    await page.setInputFiles('[data-testid="fixture-upload"]', {
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(bad)),
    })
    const issues = page.locator('.issues li code')
    await expect
      .poll(() => issues.allTextContents())
      .toEqual([
        'projects[0].project_unique',
        'contents[0].progress.step_process',
      ])
    const health = await (await fetch(`${server.adminUrl}/health`)).json()
    expect(health).toMatchObject({ projects: 8, contents: 40 })

    document.projects = document.projects.slice(0, 1)
    document.contents = document.contents.filter(
      (content: { project_unique: string }) =>
        content.project_unique === document.projects[0].project_unique,
    )
    await page.setInputFiles('[data-testid="fixture-upload"]', {
      name: 'one-project.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(document)),
    })
    const loaded = page.locator('.action-ok', { hasText: 'Loaded' })
    await expect
      .poll(() => loaded.textContent())
      .toContain(`Loaded one-project.json: 1 projects`)

    // Reset asks first: Cancel (which has the focus) changes nothing.
    await page.click('button:text-is("Reset everything")')
    const dialog = page.getByRole('dialog', { name: 'Reset everything?' })
    await dialog.waitFor()
    expect(
      await page.evaluate(() => document.activeElement?.textContent?.trim()),
    ).toBe('Cancel')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(
      await (await fetch(`${server.adminUrl}/health`)).json(),
    ).toMatchObject({ projects: 1 })
    // Escape cancels too.
    await page.click('button:text-is("Reset everything")')
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(
      await (await fetch(`${server.adminUrl}/health`)).json(),
    ).toMatchObject({ projects: 1 })

    // Confirmed, reset puts back the data the server started with.
    await page.click('button:text-is("Reset everything")')
    await dialog.getByRole('button', { name: 'Reset everything' }).click()
    await page
      .locator('.action-ok', { hasText: 'Reset: the start data' })
      .waitFor()
    const reset = await (await fetch(`${server.adminUrl}/health`)).json()
    expect(reset).toMatchObject({ projects: 8, contents: 40 })
    expect(misconduct(watch, [400])).toEqual(clean)
  },
)

itInBrowser(
  'patches one record, and names every bad path of a patch that changes nothing',
  async () => {
    const { server, page, watch } = await startPanel()
    const editor = page.locator('section[aria-labelledby="editor-title"]')
    await expect.poll(() => editor.locator('datalist option').count()).toBe(40)
    // The first content is chosen once the list has arrived.
    const picker = editor.getByRole('combobox', { name: 'Content' })
    await expect.poll(() => picker.inputValue()).not.toBe('')
    const id = await picker.inputValue()
    await editor.getByTestId('record-chosen').waitFor()

    await page.fill(
      '#record-patch',
      '{"project_unique": "nope", "progress": {"step_process": -1}}',
    )
    await page.click('button:text-is("Apply patch")')
    const issues = page.locator('.issues li code')
    await expect
      .poll(() => issues.allTextContents())
      .toEqual(['project_unique', 'progress.step_process'])

    await page.fill('#record-patch', '{"title": "Patched from the panel"}')
    await page.click('button:text-is("Apply patch")')
    await page.locator('.action-ok', { hasText: 'Patched content' }).waitFor()
    const stored = await (
      await fetch(`${server.adminUrl}/contents/${id}`)
    ).json()
    expect(stored.data.title).toBe('Patched from the panel')
    expect(misconduct(watch, [400])).toEqual(clean)
  },
)

itInBrowser(
  'finds a record by part of its title or its ID in the picker, from the keyboard',
  async () => {
    await using server = await startServer()
    const contents = (await (await fetch(`${server.adminUrl}/contents`)).json())
      .data as { variation_unique: string; title: string }[]
    const { page, watch } = await openPanel(server.url)
    const editor = page.locator('section[aria-labelledby="editor-title"]')
    const picker = editor.getByRole('combobox', { name: 'Content' })
    const status = editor.getByTestId('picker-status')
    await expect
      .poll(() => status.textContent())
      .toContain('40 content records')

    // A word of one title: the matches are counted, Enter takes the first.
    const wanted = contents[7]!
    const word = wanted.title.split(' ').find((part) => part.length > 4)!
    const matching = contents.filter((content) =>
      content.title.toLowerCase().includes(word.toLowerCase()),
    )
    await picker.click()
    await picker.fill('')
    await page.keyboard.type(word)
    await expect
      .poll(() => status.textContent())
      .toContain(
        matching.length === 1
          ? `One match: ${matching[0]!.title}`
          : `${matching.length} of 40 match “${word}”`,
      )
    await page.keyboard.press('Enter')
    const chosen = editor.getByTestId('record-chosen')
    await expect
      .poll(() => chosen.textContent())
      .toContain(matching[0]!.variation_unique)

    // An ID typed in full is taken as it is.
    await picker.fill(wanted.variation_unique)
    await expect
      .poll(() => chosen.textContent())
      .toContain(`${wanted.title} ${wanted.variation_unique}`)
    expect(await editor.getByTestId('record-name').inputValue()).toBe(
      wanted.title,
    )

    await picker.fill('no such title anywhere')
    await expect
      .poll(() => status.textContent())
      .toBe('No content matches “no such title anywhere”.')
    expect(misconduct(watch)).toEqual(clean)
  },
)

itInBrowser(
  'opens the editor on the record of #/control/edit/<kind>/<id>, and a title saved there shows in the explorer',
  async () => {
    await using server = await startServer()
    const [project] = (
      await (
        await fetch(`${server.apiUrl}/projects`, { headers: ALPHA })
      ).json()
    ).data
    const [content] = (
      await (
        await fetch(
          `${server.apiUrl}/projects/${project.project_unique}/contents`,
          { headers: ALPHA },
        )
      ).json()
    ).data
    const { page, watch } = await watchedPage(server.url)
    const contentRoute = `#/projects/${project.project_unique}/contents/${content.variation_unique}`
    await page.goto(`${server.url}/${contentRoute}`)
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain(content.title)

    // The explorer's Edit link when it has one, else its URL.
    const edit = page.locator(
      `a[href="#/control/edit/contents/${content.variation_unique}"]`,
    )
    if ((await edit.count()) > 0) await edit.first().click()
    else
      await page.goto(
        `${server.url}/#/control/edit/contents/${content.variation_unique}`,
      )
    const editor = page.locator('section[aria-labelledby="editor-title"]')
    await expect
      .poll(() => editor.getByTestId('record-chosen').textContent())
      .toContain(content.variation_unique)
    // The editor has the focus, in view, so a keyboard goes on from there.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      'editor-title',
    )
    const name = editor.getByTestId('record-name')
    expect(await name.inputValue()).toBe(content.title)
    await name.fill('Renamed live for the demo')
    await editor.getByRole('button', { name: 'Save title' }).click()
    await editor.locator('.action-ok', { hasText: 'Saved' }).waitFor()

    await page.goto(`${server.url}/${contentRoute}`)
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain('Renamed live for the demo')

    // A project opens the same way, by its own kind.
    await page.goto(
      `${server.url}/#/control/edit/projects/${project.project_unique}`,
    )
    await expect
      .poll(() => editor.getByTestId('record-name').inputValue())
      .toBe(project.project_name)
    // An ID no record has says so, and nothing is edited.
    await page.goto(`${server.url}/#/control/edit/contents/var_nothing0000`)
    await expect
      .poll(() => editor.locator('[role="alert"]').textContent())
      .toContain('No content has the ID var_nothing0000')
    expect(misconduct(watch, [404])).toEqual(clean)
  },
)
