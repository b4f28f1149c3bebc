import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { startServer } from '../packages/server/src/server.ts';
import type { RunningServer } from '../packages/server/src/server.ts';
import type { ServerConfig } from '../packages/server/src/config.ts';
import { runCli } from '../packages/server/src/cli/main.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const artifacts = path.join(root, 'e2e', 'artifacts');

/** Debian's Chromium with the flags this machine needs (no downloads, no background traffic). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface TestPlatform {
  server: RunningServer;
  url: string;
  /** Runs a command-line call against the same database. */
  cli(...args: string[]): Promise<{ code: number; out: string; err: string }>;
  close(): Promise<void>;
}

/**
 * Marks `email`'s account proven, as opening a link mailed there would: SUPERADMIN_EMAILS and
 * PLATFORM_OWNER_EMAIL grant their roles to proven addresses only, and these platforms send no
 * mail.
 */
export async function proveEmail(platform: TestPlatform, email: string): Promise<void> {
  await platform.server.handle.db
    .updateTable('users')
    .set({ email_verified: 1 })
    .where('email', '=', email)
    .execute();
}

/**
 * Starts the real server on a fresh SQLite database and a free port, serving the built web app;
 * `overrides` change its configuration (a stand-in tile server's origin, for example).
 */
export async function startPlatform(overrides: Partial<ServerConfig> = {}): Promise<TestPlatform> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-e2e-'));
  const file = path.join(dir, 'rada.sqlite');
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    database: { dialect: 'sqlite', file },
    archiveDir: path.join(dir, 'archive'),
    // RADA_WEB_DIST lets parallel work build the app into its own folder.
    webDist: process.env.RADA_WEB_DIST ?? path.join(root, 'packages/web/dist'),
    ...overrides,
  });
  return {
    server,
    url: server.url,
    async cli(...args) {
      const previous = process.env.DATABASE_URL;
      process.env.DATABASE_URL = `sqlite:${file}`;
      let out = '';
      let err = '';
      try {
        const code = await runCli(
          args,
          { write: (s: string) => (out += s) },
          { write: (s: string) => (err += s) },
        );
        return { code, out, err };
      } finally {
        if (previous === undefined) delete process.env.DATABASE_URL;
        else process.env.DATABASE_URL = previous;
      }
    },
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens `url` and waits until the app has drawn its page. A public page's HTML comes with the
 * server's first rows or frame (packages/server/src/http/firstPaint.ts), with the same test ids
 * as the app's rows but fewer columns; the app's first render replaces them.
 */
export async function gotoApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-first-paint]').waitFor({ state: 'detached' });
}

/** Saves a screenshot under e2e/artifacts for a person to look at: the whole page, or the view. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage });
}

/**
 * Types a date and time ("01.05.2030 10:00:00", day first) into a DateTimeField: MUI's field is
 * a row of sections, not one input, so it is cleared and its digits typed section by section.
 */
export async function typeDateTime(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).getByRole('spinbutton').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text.replace(/\D/g, ''));
}

/**
 * Deletes the signed-in account as a person does: the user menu's "Delete account", the text the
 * page asks for (`confirm`: the email, a phone-only account's number, a guest's name) typed, then
 * checks that the browser is signed out and the server no longer knows the session.
 */
export async function deleteAccountInBrowser(
  page: Page,
  site: string,
  confirm: string,
): Promise<void> {
  await page.goto(site);
  await page.getByTestId('usermenu-button').click();
  await page.getByTestId('usermenu-deleteaccount').click();
  const typed = page.getByTestId('accountdelete-email');
  await typed.waitFor();
  // The page names what to type.
  const label = await page.locator('label[for="accountdelete-email"]').first().innerText();
  if (!label.includes(confirm)) throw new Error(`the page asks for "${label}", not ${confirm}`);
  await typed.fill(confirm);
  await page.getByTestId('accountdelete-submit').click();
  await page.getByTestId('accountdelete-done').waitFor();
  const me = await page.request.get(`${site}/api/auth/me`);
  if (me.status() !== 200 || (await me.text()) !== 'null') {
    throw new Error(`still signed in after deletion: ${me.status()} ${await me.text()}`);
  }
}
