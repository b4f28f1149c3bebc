import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Checkpoint,
  CheckpointList,
  EventFile,
  EventLists,
  EventSettingsView,
  EventSummary,
  RegFormView,
} from '@rada/core';
import { localisedText } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, uniqueShortlink } from '../test/factories.ts';
import { resultsEventFile } from '../test/resultsFixture.ts';
import { sanitizeRichText } from './sanitize.ts';

/** What an attacker would put into a text: a script, an event handler, a javascript: link. */
const HOSTILE =
  '<p>Hello <strong>teams</strong></p><script>alert(1)</script>' +
  '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>' +
  '<a href="https://rada.ee" onclick="alert(4)">site</a>';
const CLEAN =
  '<p>Hello <strong>teams</strong></p><a target="_blank" rel="noopener noreferrer">x</a>' +
  '<a href="https://rada.ee" target="_blank" rel="noopener noreferrer">site</a>';

describe('sanitizeRichText', () => {
  it('keeps the allowed formatting and drops what runs or loads anything', () => {
    expect(sanitizeRichText(HOSTILE)).toBe(CLEAN);
    const formatted =
      '<h2>Start</h2><ol start="3"><li><em>one</em></li></ol><blockquote>q</blockquote><hr />';
    expect(sanitizeRichText(formatted)).toBe(formatted);
    expect(sanitizeRichText('<p style="color:red" class="x">t</p>')).toBe('<p>t</p>');
  });

  it('leaves plain text (no markup) as written: it is shown as text', () => {
    expect(sanitizeRichText('Start at 10 & finish < 16:00')).toBe('Start at 10 & finish < 16:00');
  });
});

describe.each(testDialects())('rich texts on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
  });
  afterAll(() => t.close());

  const newEvent = async (edit?: (file: EventFile) => void) => {
    const id = uniqueShortlink('rich');
    const file = resultsEventFile(owner.uid, Date.now() + 86_400_000) as unknown as EventFile;
    edit?.(file);
    await importEvent(t, file, id);
    return id;
  };
  const checkpoints = async (id: string) =>
    (await call<CheckpointList>(t.app, 'GET', `/api/events/${id}/checkpoints`, { as: owner })).body
      .checkpoints;
  const patch = (id: string, body: unknown, as: TestUser = owner) =>
    call<EventSettingsView>(t.app, 'PATCH', `/api/events/${id}/settings`, { as, body });

  it('stores settings texts and their language copies sanitised; null and empty remove a copy', async () => {
    const id = await newEvent();
    const res = await patch(id, {
      settings: { appmessage: HOSTILE },
      copies: { appmessage: { et: `<p>Tere</p>${HOSTILE}`, en: 'Plain & simple' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    let settings = (
      await call<EventSettingsView>(t.app, 'GET', `/api/events/${id}/settings`, {
        as: owner,
      })
    ).body.settings;
    expect(settings.appmessage).toBe(CLEAN);
    expect(settings.appmessage_i18n).toEqual({ et: `<p>Tere</p>${CLEAN}`, en: 'Plain & simple' });
    expect(localisedText(settings, 'appmessage', 'et')).toBe(`<p>Tere</p>${CLEAN}`);
    expect(localisedText(settings, 'appmessage', 'fi')).toBe(CLEAN);

    expect((await patch(id, { copies: { appmessage: { et: null, en: '' } } })).status).toBe(200);
    settings = (
      await call<EventSettingsView>(t.app, 'GET', `/api/events/${id}/settings`, {
        as: owner,
      })
    ).body.settings;
    expect(settings).not.toHaveProperty('appmessage_i18n');

    // Only rich-text settings have copies, in two-letter languages, and only admins write them.
    expect((await patch(id, { copies: { pointssuffix: { et: 'p' } } })).status).toBe(400);
    expect((await patch(id, { copies: { appmessage: { estonian: 'x' } } })).status).toBe(400);
    expect((await patch(id, { copies: { appmessage: { et: 'x' } } }, stranger)).status).toBe(403);
  });

  it("sanitises a KP's long description and its copies on every write, and an imported file's texts", async () => {
    const id = await newEvent((file) => {
      const data = file.eventsdata as {
        data: Record<string, unknown>;
        kpdata: Record<string, Record<string, unknown>>;
      };
      data.data.finishedmessage = HOSTILE;
      data.kpdata.k1!.longdesc = HOSTILE;
      data.kpdata.k1!.longdesc_i18n = { et: HOSTILE };
    });
    const k1 = (await checkpoints(id)).find((c) => c.id === 'k1')!;
    expect(k1.data.longdesc).toBe(CLEAN);
    expect(k1.data.longdesc_i18n).toEqual({ et: CLEAN });
    const settings = (
      await call<EventSettingsView>(t.app, 'GET', `/api/events/${id}/settings`, {
        as: owner,
      })
    ).body.settings;
    expect(settings.finishedmessage).toBe(CLEAN);

    const res = await call<Checkpoint>(t.app, 'PATCH', `/api/events/${id}/checkpoints/k2`, {
      as: owner,
      body: { data: { desc: 'Bridge', longdesc: HOSTILE, longdesc_i18n: { en: HOSTILE } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const k2 = (await checkpoints(id)).find((c) => c.id === 'k2')!;
    expect(k2.data.longdesc).toBe(CLEAN);
    expect(k2.data.longdesc_i18n).toEqual({ en: CLEAN });

    // The event file carries the texts and their copies (export → import keeps them).
    const exported = await call<EventFile>(t.app, 'GET', `/api/events/${id}/export`, { as: owner });
    expect(exported.status).toBe(200);
    const again = uniqueShortlink('rich');
    await importEvent(t, exported.body, again);
    const back = await checkpoints(again);
    expect(back.find((c) => c.id === 'k1')!.data.longdesc_i18n).toEqual({ et: CLEAN });
    expect(back.find((c) => c.id === 'k2')!.data.longdesc).toBe(CLEAN);
  });

  it("shows the event's description, sanitised, with its copies to readers of the event and its registration page, not in lists", async () => {
    const id = await newEvent();
    const res = await patch(id, {
      settings: { description: HOSTILE },
      copies: { description: { et: '<p>Tere <em>tulemast</em></p>' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const event = await call<EventSummary>(t.app, 'GET', `/api/events/${id}`);
    expect(event.status).toBe(200);
    expect(event.body.description).toBe(CLEAN);
    expect(event.body.description_i18n).toEqual({ et: '<p>Tere <em>tulemast</em></p>' });
    const reg = await call<RegFormView>(t.app, 'GET', `/api/events/${id}/reg`);
    expect(reg.status).toBe(200);
    expect(localisedText(reg.body, 'description', 'et')).toBe('<p>Tere <em>tulemast</em></p>');
    expect(localisedText(reg.body, 'description', 'en')).toBe(CLEAN);
    const lists = await call<EventLists>(t.app, 'GET', '/api/events', { as: owner });
    const listed = lists.body.mine.find((e) => e.id === id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('description');
  });
});
