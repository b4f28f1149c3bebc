import { z } from 'zod';
import { RICH_TEXT_SETTINGS, RICH_TEXT_SETTING_MAX } from './richText.ts';
import { EVENT_TYPES, ORDER_RULES } from './limits.ts';
import { atMostKeys } from './recordBounds.ts';
import { RegConfig, TEAM_TYPES } from './registration.ts';
import { MapSetting, SpeedRanges } from './map/mapConfig.ts';
import { isTimeZone } from './timeZone.ts';

/**
 * Every field of "Event settings" (spec 01 §3, stored under eventsdata/{id}/data) described once,
 * so the server validates and the web renders the same list. `group` orders the settings page.
 */
export type SettingKind =
  | 'bool'
  | 'number'
  | 'text'
  | 'longtext'
  | 'select'
  | 'datetime'
  | 'latlng'
  | 'numberlist'
  | 'orderrules'
  | 'dstresult'
  | 'bounds'
  | 'json'
  /** The registration form (registration.ts RegConfig), edited by its own editor. */
  | 'regform'
  /** The event's map layers (map/mapConfig.ts MapSetting), edited by its own editor. */
  | 'map'
  /** Track colours by speed (map/mapConfig.ts SpeedRanges). */
  | 'speedranges'
  /** A time zone name (IANA, "Europe/Tallinn"; timeZone.ts). */
  | 'timezone';

export const SETTING_GROUPS = [
  'general',
  'start',
  'marking',
  'scoring',
  /** Speed monitoring: the penalty and who sees tickets (its limits are evdoc.speed, SPEED_KEYS). */
  'speed',
  'results',
  'messages',
  'registration',
  'map',
  'advanced',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export interface SettingDescriptor {
  key: string;
  kind: SettingKind;
  group: SettingGroup;
  /** Choices of a `select`. */
  options?: readonly string[];
  /** Unit shown after a number field (translated by the web as `settings.unit.{unit}`). */
  unit?: 'm' | 'min' | 'km' | 'pts' | 'kmh';
}

export const SETTINGS: readonly SettingDescriptor[] = [
  { key: 'type', kind: 'select', group: 'general', options: EVENT_TYPES },
  { key: 'resulttype', kind: 'select', group: 'general', options: ['', 'roadbook'] },
  /** The event's description (rich text) for its public pages and participants. */
  { key: 'description', kind: 'longtext', group: 'general' },
  /** The zone of the event's days (join codes end at the end of a day in it); unset: DEFAULT_TIME_ZONE. */
  { key: 'timezone', kind: 'timezone', group: 'general' },
  { key: 'kpsinweb', kind: 'bool', group: 'general' },
  { key: 'hidetracks', kind: 'bool', group: 'general' },
  { key: 'valiktahed', kind: 'bool', group: 'general' },
  { key: 'massstarttimems', kind: 'datetime', group: 'start' },
  { key: 'joinstartinterval', kind: 'number', group: 'start', unit: 'min' },
  { key: 'clientstart', kind: 'bool', group: 'start' },
  { key: 'startloc', kind: 'latlng', group: 'start' },
  { key: 'maxstartdistance', kind: 'number', group: 'start', unit: 'm' },
  { key: 'sfwithseconds', kind: 'bool', group: 'start' },
  { key: 'sfwithdate', kind: 'bool', group: 'start' },
  { key: 'maxmarkingdistance', kind: 'number', group: 'marking', unit: 'm' },
  { key: 'nokpopenwhennotclose', kind: 'bool', group: 'marking' },
  { key: 'hidewrongmarks', kind: 'bool', group: 'marking' },
  { key: 'rakoef', kind: 'numberlist', group: 'scoring' },
  { key: 'sharedrakoef', kind: 'text', group: 'scoring' },
  { key: 'answerscores', kind: 'bool', group: 'scoring' },
  { key: 'wrongpenaltyenabled', kind: 'bool', group: 'scoring' },
  { key: 'wrongcoef', kind: 'number', group: 'scoring' },
  { key: 'firstkpvisitbonus', kind: 'bool', group: 'scoring' },
  { key: 'firstkpvisitaddbonus', kind: 'number', group: 'scoring', unit: 'pts' },
  { key: 'firstbonus', kind: 'numberlist', group: 'scoring' },
  { key: 'firstbonusismultiplier', kind: 'bool', group: 'scoring' },
  { key: 'dstresult', kind: 'dstresult', group: 'scoring' },
  { key: 'ajad', kind: 'json', group: 'scoring' },
  { key: 'ly', kind: 'json', group: 'scoring' },
  { key: 'klassid', kind: 'json', group: 'scoring' },
  { key: 'speedpenalty', kind: 'number', group: 'speed', unit: 'pts' },
  { key: 'hidespeedings', kind: 'bool', group: 'speed' },
  { key: 'orderrules', kind: 'orderrules', group: 'results' },
  { key: 'hideresults', kind: 'bool', group: 'results' },
  { key: 'distanceinresult', kind: 'bool', group: 'results' },
  { key: 'pointssuffix', kind: 'text', group: 'results' },
  { key: 'appmessage', kind: 'longtext', group: 'messages' },
  { key: 'joinrequiresconfirmation', kind: 'bool', group: 'registration' },
  { key: 'teamtype', kind: 'select', group: 'registration', options: TEAM_TYPES },
  /** Teams one user may register (DEFAULT_MAX_REGS_PER_USER when unset). */
  { key: 'maxregsperuser', kind: 'number', group: 'registration' },
  /** A registering team must choose one of the event's classes (when it has any). */
  { key: 'regclassrequired', kind: 'bool', group: 'registration' },
  { key: 'regconfig', kind: 'regform', group: 'registration' },
  { key: 'prepagemessage', kind: 'longtext', group: 'registration' },
  { key: 'notallowedmessage', kind: 'longtext', group: 'registration' },
  { key: 'finishedmessage', kind: 'longtext', group: 'messages' },
  { key: 'map', kind: 'map', group: 'map' },
  { key: 'eventbounds', kind: 'bounds', group: 'map' },
  { key: 'speedranges', kind: 'speedranges', group: 'map' },
  /** The participant app does not show the team its own position on the map (issue 37). */
  { key: 'hideownposition', kind: 'bool', group: 'map' },
];

export const SETTINGS_BY_KEY: ReadonlyMap<string, SettingDescriptor> = new Map(
  SETTINGS.map((s) => [s.key, s]),
);

const finite = z.number().finite();
const latLng = z.object({ lat: finite.min(-90).max(90), lng: finite.min(-180).max(180) });
const jsonValue: z.ZodType<unknown> = z.json();

/** The schema a stored value of `kind` must satisfy. */
export function settingValueSchema(desc: SettingDescriptor): z.ZodType<unknown> {
  switch (desc.kind) {
    case 'bool':
      return z.boolean();
    case 'number':
      return finite;
    case 'text':
      return z.string().max(1000);
    case 'longtext':
      return z.string().max(RICH_TEXT_SETTING_MAX);
    case 'select':
      return z.enum((desc.options ?? []) as [string, ...string[]]);
    case 'datetime':
      return z.number().int().nonnegative();
    case 'latlng':
      return latLng;
    case 'numberlist':
      return z.array(finite.nullable()).max(1000);
    case 'orderrules':
      return z.array(z.enum(ORDER_RULES)).max(ORDER_RULES.length);
    case 'dstresult':
      return z.object({
        targetdst: finite.optional(),
        dststeps: finite.positive().optional(),
        dstpoints: finite.optional(),
        dstpointssteps: finite.optional(),
      });
    case 'bounds':
      return z.object({ northEast: latLng, southWest: latLng });
    case 'json':
      return jsonValue;
    case 'regform':
      return RegConfig;
    case 'map':
      return MapSetting;
    case 'speedranges':
      return SpeedRanges;
    case 'timezone':
      return z.string().refine(isTimeZone, 'settings.error.timezone');
  }
}

/** A language of a text copy: a two-letter code. */
export const TextLanguage = z.string().regex(/^[a-z]{2}$/, 'richtext.error.language');

/** A settings patch's copies: per rich-text setting, per language, the text or null (removed). */
export const TextCopiesPatch = z.partialRecord(
  z.enum(RICH_TEXT_SETTINGS),
  z.record(TextLanguage, z.string().max(RICH_TEXT_SETTING_MAX).nullable()),
);
export type TextCopiesPatch = z.infer<typeof TextCopiesPatch>;

/** Speed settings kept in the event document (evdoc.speed). */
export const SPEED_KEYS = ['limit', 'over1', 'delay1', 'over2', 'delay2'] as const;
export type SpeedKey = (typeof SPEED_KEYS)[number];

/**
 * A settings change: each key is set to its new value, or cleared with null
 * ("empty clears the field", spec 02 §5). Unknown keys are refused.
 */
export const SettingsPatch = z
  .object({
    settings: z
      .record(z.string(), z.unknown())
      .refine(...atMostKeys(500))
      .optional(),
    speed: z.partialRecord(z.enum(SPEED_KEYS), finite.nonnegative().nullable()).optional(),
    /** Per-language copies of the rich-text settings (richText.ts); null removes a copy. */
    copies: TextCopiesPatch.optional(),
  })
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/** Checks every key of a settings patch; returns the problems (empty when valid). */
export function validateSettingsValues(
  values: Record<string, unknown>,
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  for (const [key, value] of Object.entries(values)) {
    const desc = SETTINGS_BY_KEY.get(key);
    if (!desc) {
      problems.push({ path: key, message: 'settings.error.unknownkey' });
      continue;
    }
    if (value === null) continue;
    const parsed = settingValueSchema(desc).safeParse(value);
    if (!parsed.success) {
      problems.push({ path: key, message: parsed.error.issues[0]?.message ?? 'invalid' });
    }
  }
  return problems;
}
