import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkpoint, CheckpointList, ErrorBody } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { Caller, TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { buildEvent, signUp, signUpCreator } from '../test/factories.ts';

/**
 * What non-admins see of checkpoints with `kpsinweb` on: what a team sees in the participant app
 * (core's publicKpData), never the answer text `a`, scores or any other key of the data document.
 */
describe.each(testDialects())('checkpoints as the public sees them on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await signUpCreator(t);
    stranger = await signUp(t.app);
  });
  afterAll(() => t.close());

  const create = (eventId: string, body: unknown) =>
    call<Checkpoint & ErrorBody>(t.app, 'POST', `/api/events/${eventId}/checkpoints`, {
      as: owner,
      body,
    });
  const list = (eventId: string, as: Caller | TestUser) =>
    call<CheckpointList>(t.app, 'GET', `/api/events/${eventId}/checkpoints`, { as });

  /** A kpsinweb event with one question KP carrying every answer-like field, and a draft KP. */
  async function publicEvent() {
    const id = (await buildEvent(t.app, owner)).id;
    const settings = await call(t.app, 'PATCH', `/api/events/${id}/settings`, {
      as: owner,
      body: { settings: { kpsinweb: true } },
    });
    expect(settings.status).toBe(200);
    const question = await create(id, {
      kp: { nr: 1 },
      data: {
        desc: 'Old oak',
        longdesc: 'Count the branches',
        a: 'SECRET-ANSWER-TEXT',
        loc: { lat: 58.38, lng: 26.72 },
        anycross: true,
        responses: { r1: 'Seven', r2: 'Nine' },
        scores: { r1: 987654 },
        // Unknown keys are kept by the data document; an import may bring answer-like ones.
        correct: 'r2',
        answers: [{ id: 'r2', correct: true }],
      },
      answer: 'r2',
    });
    expect(question.status).toBe(201);
    const draft = await create(id, {
      kp: { nr: 2, inwork: true },
      data: { desc: 'DRAFT-KP-DESC' },
    });
    expect(draft.status).toBe(201);
    return { id, kpId: question.body.id, draftId: draft.body.id };
  }

  it('gives anonymous users and strangers only the public fields of the KP data', async () => {
    const { id, kpId } = await publicEvent();
    for (const as of [null, stranger]) {
      const res = await list(id, as);
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      for (const secret of ['SECRET-ANSWER-TEXT', '987654', 'correct', 'answer']) {
        expect(text, secret).not.toContain(secret);
      }
      expect(res.body.checkpoints).toEqual([
        {
          id: kpId,
          kp: { nr: 1 },
          data: {
            desc: 'Old oak',
            longdesc: 'Count the branches',
            loc: { lat: 58.38, lng: 26.72 },
            anycross: true,
            responses: { r1: 'Seven', r2: 'Nine' },
          },
        },
      ]);
    }
  });

  it('leaves out KPs in work for non-admins, as the participant app does', async () => {
    const { id, draftId } = await publicEvent();
    const res = await list(id, stranger);
    expect(JSON.stringify(res.body)).not.toContain('DRAFT-KP-DESC');
    expect(res.body.checkpoints.map((c) => c.id)).not.toContain(draftId);
  });

  it('still gives the admins everything', async () => {
    const { id, kpId, draftId } = await publicEvent();
    const res = await list(id, owner);
    expect(res.body.admin).toBe(true);
    expect(res.body.checkpoints.map((c) => c.id)).toEqual([kpId, draftId]);
    expect(res.body.checkpoints[0]).toMatchObject({
      answer: 'r2',
      data: {
        a: 'SECRET-ANSWER-TEXT',
        scores: { r1: 987654 },
        correct: 'r2',
        answers: [{ id: 'r2', correct: true }],
      },
    });
  });
});
