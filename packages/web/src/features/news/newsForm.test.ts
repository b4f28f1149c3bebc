import { describe, expect, it } from 'vitest';
import { NewsBody } from '@rada/core';
import { newsBody, newsForm, newsFormProblems } from './newsForm.ts';

describe('the news form', () => {
  it('starts a new item now, to the second, and an edited one from the item', () => {
    expect(newsForm(null, 1_700_000_000_456)).toEqual({
      time: 1_700_000_000_000,
      et: { title: '', content: '' },
      en: { title: '', content: '' },
    });
    const form = newsForm(
      { time: 1_600_000_000, et: { title: 'Uudis', content: '<p>a</p>' }, en: null },
      0,
    );
    expect(form.time).toBe(1_600_000_000_000);
    expect(form.en).toEqual({ title: '', content: '' });
  });

  it('needs a title in some language, and one for each language with content', () => {
    const form = newsForm(null, 1_700_000_000_000);
    expect(newsFormProblems(form)).toEqual({ noTitle: true, untitled: [], noTime: false });
    form.en.content = '<p>Hello</p>';
    form.et.title = '  Pealkiri ';
    expect(newsFormProblems(form)).toEqual({ noTitle: false, untitled: ['en'], noTime: false });
    form.en.title = 'Title';
    form.time = null;
    expect(newsFormProblems(form)).toMatchObject({ untitled: [], noTime: true });
  });

  it('makes a body the server takes', () => {
    const form = newsForm(null, 1_700_000_000_999);
    form.et = { title: ' Uus hooaeg ', content: '<p>Tere</p>' };
    const body = newsBody(form);
    expect(body).toEqual({
      time: 1_700_000_000,
      et: { title: 'Uus hooaeg', content: '<p>Tere</p>' },
      en: { title: '', content: '' },
    });
    expect(NewsBody.safeParse(body).success).toBe(true);
  });
});
