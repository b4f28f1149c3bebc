import { describe, expect, it } from 'vitest';
import { isRichText, localisedText, textCopies } from './richText.ts';
import { playSettings, toPlayKp } from './participant.ts';

describe('rich texts in two languages', () => {
  const settings = {
    appmessage: '<p>Welcome</p>',
    appmessage_i18n: { et: '<p>Tere tulemast</p>', fi: '', de: 7 },
    finishedmessage: 'Well done',
  };

  it("gives a reader their language's copy, else the default", () => {
    expect(localisedText(settings, 'appmessage', 'et')).toBe('<p>Tere tulemast</p>');
    expect(localisedText(settings, 'appmessage', 'fi')).toBe('<p>Welcome</p>');
    expect(localisedText(settings, 'appmessage', null)).toBe('<p>Welcome</p>');
    expect(localisedText(settings, 'finishedmessage', 'et')).toBe('Well done');
    expect(localisedText(settings, 'prepagemessage', 'et')).toBe('');
    expect(textCopies(settings, 'appmessage')).toEqual({ et: '<p>Tere tulemast</p>' });
    expect(textCopies(settings, 'finishedmessage')).toBeUndefined();
  });

  it('sends the copies to the participant app with the texts', () => {
    const play = playSettings(settings, {});
    expect(play.appmessage_i18n).toEqual({ et: '<p>Tere tulemast</p>' });
    expect(play).not.toHaveProperty('finishedmessage_i18n');
    const kp = toPlayKp(
      'k1',
      '1',
      { nr: 1 },
      { longdesc: '<p>Big stone</p>', longdesc_i18n: { et: '<p>Suur kivi</p>' } },
      { maxmarkingdistance: null, nokpopenwhennotclose: false },
    );
    expect(localisedText(kp, 'longdesc', 'et')).toBe('<p>Suur kivi</p>');
    expect(localisedText(kp, 'longdesc', 'en')).toBe('<p>Big stone</p>');
  });

  it('tells HTML from plain text', () => {
    expect(isRichText('<p>x</p>')).toBe(true);
    expect(isRichText('<img/src=x onerror=alert(1)>')).toBe(true);
    expect(isRichText('a < b and c > d')).toBe(false);
    expect(isRichText('I <3 rogaine')).toBe(false);
  });
});
