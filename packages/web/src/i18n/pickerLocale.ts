import { enUS } from '@mui/x-date-pickers/locales';
import type { PickersInputLocaleText } from '@mui/x-date-pickers/locales';
import type { Language } from './index.ts';

/** Estonian texts of the date-time pickers (MUI X ships no Estonian locale). */
const etPickers: PickersInputLocaleText = {
  previousMonth: 'Eelmine kuu',
  nextMonth: 'Järgmine kuu',
  openPreviousView: 'Ava eelmine vaade',
  openNextView: 'Ava järgmine vaade',
  calendarViewSwitchingButtonAriaLabel: (view) =>
    view === 'year'
      ? 'avatud on aasta vaade, vaheta kalendri vaatele'
      : 'avatud on kalendri vaade, vaheta aasta vaatele',
  start: 'Algus',
  end: 'Lõpp',
  startDate: 'Alguskuupäev',
  startTime: 'Algusaeg',
  endDate: 'Lõppkuupäev',
  endTime: 'Lõpuaeg',
  cancelButtonLabel: 'Loobu',
  clearButtonLabel: 'Tühjenda',
  okButtonLabel: 'OK',
  todayButtonLabel: 'Täna',
  nextStepButtonLabel: 'Edasi',
  datePickerToolbarTitle: 'Vali kuupäev',
  dateTimePickerToolbarTitle: 'Vali kuupäev ja kellaaeg',
  timePickerToolbarTitle: 'Vali kellaaeg',
  dateRangePickerToolbarTitle: 'Vali ajavahemik',
  clockLabelText: (view, formattedTime) =>
    `Vali ${view === 'hours' ? 'tunnid' : view === 'minutes' ? 'minutid' : 'sekundid'}. ${formattedTime ? `Valitud aeg on ${formattedTime}` : 'Aega pole valitud'}`,
  hoursClockNumberText: (hours) => `${hours} tundi`,
  minutesClockNumberText: (minutes) => `${minutes} minutit`,
  secondsClockNumberText: (seconds) => `${seconds} sekundit`,
  selectViewText: (view) =>
    `Vali ${view === 'hours' ? 'tunnid' : view === 'minutes' ? 'minutid' : 'sekundid'}`,
  calendarWeekNumberHeaderLabel: 'Nädala number',
  calendarWeekNumberAriaLabelText: (weekNumber) => `Nädal ${weekNumber}`,
  openDatePickerDialogue: (formattedDate) =>
    formattedDate ? `Vali kuupäev, valitud on ${formattedDate}` : 'Vali kuupäev',
  openTimePickerDialogue: (formattedTime) =>
    formattedTime ? `Vali kellaaeg, valitud on ${formattedTime}` : 'Vali kellaaeg',
  fieldClearLabel: 'Tühjenda',
  timeTableLabel: 'vali kellaaeg',
  dateTableLabel: 'vali kuupäev',
  fieldYearPlaceholder: (params) => 'A'.repeat(params.digitAmount),
  fieldMonthPlaceholder: (params) => (params.contentType === 'letter' ? 'KKKK' : 'KK'),
  fieldDayPlaceholder: () => 'PP',
  fieldHoursPlaceholder: () => 'tt',
  fieldMinutesPlaceholder: () => 'mm',
  fieldSecondsPlaceholder: () => 'ss',
  year: 'Aasta',
  month: 'Kuu',
  day: 'Päev',
  weekDay: 'Nädalapäev',
  hours: 'Tunnid',
  minutes: 'Minutid',
  seconds: 'Sekundid',
  empty: 'Tühi',
};

/** The pickers' texts in the interface language. */
export function pickerLocaleText(lang: Language): PickersInputLocaleText {
  return lang === 'et'
    ? etPickers
    : enUS.components.MuiLocalizationProvider.defaultProps.localeText;
}
